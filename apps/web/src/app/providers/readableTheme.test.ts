import { describe, expect, it } from 'vitest';
import { generate, presetPalettes } from '@ant-design/colors';
import { contrast, primaryButton, readableTheme } from './readableTheme';

const SWATCHES = ['#165DFF', '#1677FF', '#722ED1', '#EB2F96', '#F5222D', '#FA8C16', '#13C2C2', '#52C41A'];

describe('the primary button keeps 4.5:1 between its text and its fill, at rest, hovered and pressed', () => {
  for (const dark of [false, true]) {
    for (const colour of SWATCHES) {
      it(`${colour} in the ${dark ? 'dark' : 'light'} theme`, () => {
        const palette = dark ? generate(colour, { theme: 'dark', backgroundColor: '#141414' }) : generate(colour);
        const { colorPrimary, primaryColor, colorPrimaryHover, colorPrimaryActive } = primaryButton(palette);
        for (const fill of [colorPrimary, colorPrimaryHover, colorPrimaryActive]) {
          // Ink is rgba(0, 0, 0, 0.88): over a fill it reads at least as dark as #1f1f1f.
          const ratio = contrast(primaryColor === '#fff' ? '#ffffff' : '#1f1f1f', fill);
          expect(ratio, `${primaryColor} on ${fill}`).toBeGreaterThanOrEqual(4.5);
        }
      });
    }
  }

  it('white stays on the default blue; hover darkens it instead of lightening (antd: 3.6:1)', () => {
    const palette = generate('#165DFF');
    expect(primaryButton(palette)).toEqual({
      colorPrimary: palette[5],
      primaryColor: '#fff',
      colorPrimaryHover: palette[6],
      colorPrimaryActive: palette[7],
    });
    expect(contrast('#ffffff', palette[4])).toBeLessThan(4.5);
  });

  it('a light colour takes dark text and lightens on hover; a mid-tone fills one step darker', () => {
    const cyan = generate('#13C2C2');
    expect(primaryButton(cyan)).toMatchObject({ colorPrimary: cyan[5], colorPrimaryHover: cyan[4] });
    expect(primaryButton(cyan).primaryColor).not.toBe('#fff');
    const blue = generate('#1677FF');
    expect(primaryButton(blue)).toMatchObject({ colorPrimary: blue[6], primaryColor: '#fff' });
  });
});

describe('preset tags are readable in the light theme', () => {
  it('each preset colour’s tag text reaches 4.5:1 on its own light fill', () => {
    const tag = readableTheme(false, '#165DFF').components?.Tag as Record<string, string>;
    for (const name of ['gold', 'orange', 'lime', 'green', 'cyan', 'yellow', 'blue', 'red']) {
      expect(contrast(tag[`${name}7`], presetPalettes[name][0]), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
