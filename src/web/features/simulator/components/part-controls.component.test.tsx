import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { PartControls } from './part-controls.tsx';

describe('a sensor’s slider', () => {
  test('says what its two ends mean in the part’s words, beside their values', () => {
    render(
      <PartControls
        controls={[
          {
            partId: 'soil',
            control: {
              type: 'slider',
              key: 'moisture',
              label: 'Soil moisture sensor',
              min: 0,
              max: 100,
              step: 1,
              unit: '%',
              ends: ['dry', 'wet'],
              value: 20,
            },
          },
        ]}
        disabled={false}
        onChange={() => undefined}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Soil moisture sensor' });
    const ends = slider.nextElementSibling?.textContent;
    expect(ends).toBe('0 % · drywet · 100 %');
  });
});
