import * as Blockly from 'blockly/core';
import type { Circuit } from '#shared/content/tutorials.ts';
import { type PartRole, partsWithRole } from './circuit-parts.ts';

/*
 * Which circuit a workspace programs, so that a block's part dropdown offers only that circuit's
 * parts. A block in the toolbox's flyout lives on the flyout's own workspace, which answers for
 * the workspace it serves.
 */

const circuits = new WeakMap<Blockly.Workspace, Circuit>();

/** Tie a workspace to its circuit, so part dropdowns offer only that circuit's parts on their wired pins. Call before loading blocks. */
export function tieWorkspaceToCircuit(workspace: Blockly.Workspace, circuit: Circuit): void {
  circuits.set(workspace, circuit);
}

/** The circuit the workspace (or the workspace its flyout serves) was tied to. */
export function circuitOf(workspace: Blockly.Workspace): Circuit | undefined {
  const target = workspace instanceof Blockly.WorkspaceSvg ? workspace.targetWorkspace : null;
  return circuits.get(workspace) ?? (target ? circuits.get(target) : undefined);
}

/** The dropdown's value while a circuit has no part for it: the generator refuses it with a clear message. */
export const NO_PART = '';

/** A part's label as a sentence says it: "red LED", "distance sensor (HC-SR04)", but "TAKEN button" as it is. */
export function partName(label: string): string {
  return /^.[a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** A part dropdown's options: the circuit's parts for that role, by name. */
export function partOptions(workspace: Blockly.Workspace, role: PartRole): [string, string][] {
  const circuit = circuitOf(workspace);
  const parts = circuit ? partsWithRole(circuit, role) : [];
  if (parts.length === 0) return [['(none on this circuit)', NO_PART]];
  return parts.map((part) => [partName(part.label), part.id]);
}
