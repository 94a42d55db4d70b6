import { describe, expect, it } from 'vitest';
import { PROJECTS } from '#shared/content/projects.ts';
import { splitMaterial } from './material-quantity.ts';

describe('splitMaterial', () => {
  it('splits the quantity from the item', () => {
    expect(splitMaterial('1 × Arduino Uno R3 with USB cable')).toEqual({
      quantity: '1',
      item: 'Arduino Uno R3 with USB cable',
    });
    expect(splitMaterial('15 × jumper wires')).toEqual({ quantity: '15', item: 'jumper wires' });
  });

  it('keeps a material without a quantity whole', () => {
    expect(splitMaterial('some tape')).toEqual({ quantity: null, item: 'some tape' });
  });

  it('finds a quantity in every material of the catalog', () => {
    for (const project of PROJECTS) {
      for (const material of project.materials) expect(splitMaterial(material).quantity, material).not.toBeNull();
    }
  });
});
