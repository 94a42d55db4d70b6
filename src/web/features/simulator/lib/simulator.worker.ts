import { clockOf } from '#device/simulator/clock.ts';
import { Simulation } from '#device/simulator/simulation.ts';
import { findCircuit } from '#shared/content/circuits.ts';
import { sketchBuildOf } from '#shared/content/hex-record.ts';
import { commandSchema, type WorkerMessage } from './protocol.ts';
import { type RunnerHost, SimulatorRunner } from './simulator-runner.ts';

/*
 * The simulator's Web Worker: the simulated board never runs on the page's main thread. Started by
 * simulator-client.ts with `new Worker(new URL(…), { type: 'module' })`; all it does is in
 * simulator-runner.ts, given this worker's clock, timers and messages.
 */

const channel = new MessageChannel();
const soonTasks: (() => void)[] = [];
channel.port1.onmessage = () => soonTasks.shift()?.();

const host: RunnerHost = {
  now: () => performance.now(),
  post: (message: WorkerMessage) => postMessage(message),
  soon: (task) => {
    soonTasks.push(task);
    channel.port2.postMessage(null);
  },
  later: (task, ms) => {
    const timer = setTimeout(task, ms);
    return () => clearTimeout(timer);
  },
  fetchProgram: async (url) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.text();
  },
  createSimulation: (slug, hex, startTime, clock) => {
    // A tutorial's circuit, or the playground's trainer board.
    const circuit = findCircuit(slug);
    if (!circuit) throw new Error(`No circuit ${slug}`);
    // Where this program keeps the core's clock (the fast-forward moves it): the compile's answer for a
    // learner's program, the record of its build for the tutorial's.
    return new Simulation(circuit, hex, clock ?? clockOf(sketchBuildOf(slug)), { startTime });
  },
};

const runner = new SimulatorRunner(host);

addEventListener('message', (event: MessageEvent<unknown>) => {
  const command = commandSchema.safeParse(event.data);
  if (command.success) runner.handle(command.data);
});
