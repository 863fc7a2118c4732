import { growthOverLinear, LINEAR } from './growth';

/**
 * The helper itself: its figure tells a quadratic check from a linear one with room on both sides,
 * so a check it passes is linear and a check it fails is not, whatever else runs on the machine.
 */
describe('growthOverLinear', () => {
  const text = (n: number) => JSON.stringify('x'.repeat(n));

  it('a linear check that parses and allocates: about 1', async () => {
    const linear = (s: string) => /^[a-z]*$/.test((JSON.parse(s) as string).toUpperCase());
    expect(await growthOverLinear(linear, text, 200_000)).toBeLessThan(LINEAR);
  });

  it('an accidentally quadratic check (each position searched back to the start): about 100, far above the bound', async () => {
    const quadratic = (s: string) => {
      const v = JSON.parse(s) as string;
      let found = 0;
      for (let i = 0; i < v.length; i++) found += v.lastIndexOf('y', i);
      return found;
    };
    expect(await growthOverLinear(quadratic, text, 20_000)).toBeGreaterThan(3 * LINEAR);
  });
});
