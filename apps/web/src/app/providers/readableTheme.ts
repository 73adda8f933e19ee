import type { ThemeConfig } from 'antd';
import { generate, presetDarkPalettes, presetPalettes } from '@ant-design/colors';
import { FastColor } from '@ant-design/fast-color';

const INK = 'rgba(0, 0, 0, 0.88)';
/** INK over white, as one opaque colour (for contrast). */
const INK_OPAQUE = '#1f1f1f';

/** WCAG's contrast ratio of two opaque colours. */
export function contrast(a: string, b: string) {
  const [x, y] = [new FastColor(a).getLuminance(), new FastColor(b).getLuminance()].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

/**
 * The primary button's fill, text and hover and pressed fills for a theme colour's palette (light or dark;
 * index 5 is the theme colour). antd writes white on the theme colour and lightens it on hover: white on
 * the default blue's hover is 3.6:1, and on orange, cyan or green not even the fill reaches 4.5:1. Here
 * the text is white where the fill allows it, else dark ink where that does; a mid-tone colour that
 * suits neither (antd's own blue, magenta, red) fills one step darker under white. Hover and press move
 * the fill away from the text, so every state keeps 4.5:1.
 */
export function primaryButton(palette: string[]) {
  // Light palettes darken from index 0 to 9; dark ones (antd's dark algorithm) lighten.
  const step = new FastColor(palette[0]).getLuminance() > new FastColor(palette[9]).getLuminance() ? 1 : -1;
  const at = (offset: number) => palette[5 + offset * step];
  const white = (fill: string) => contrast('#ffffff', fill) >= 4.5;
  if (!white(at(0)) && contrast(INK_OPAQUE, at(0)) >= 4.5) {
    return { colorPrimary: at(0), primaryColor: INK, colorPrimaryHover: at(-1), colorPrimaryActive: at(-2) };
  }
  const fill = white(at(0)) ? 0 : 1;
  return {
    colorPrimary: at(fill),
    primaryColor: '#fff',
    colorPrimaryHover: at(fill + 1),
    colorPrimaryActive: at(fill + 2),
  };
}

const DARK_RED = generate('#ff4d4f', { theme: 'dark', backgroundColor: '#141414' });

/**
 * A dark preset tag writes its text in the palette's 7th colour on the 1st: purple is 3.4:1 there; one
 * step lighter every preset reaches 5.6:1 or more.
 */
const DARK_PRESET_TEXT = Object.fromEntries(
  Object.entries(presetDarkPalettes).map(([name, palette]) => [`${name}7`, palette[7]]),
);

/**
 * A light preset tag writes its text in the palette's 7th colour on the 1st: gold is 2.8:1 there, orange,
 * lime, green and cyan 3.3-3.4:1 (a gold "visitor" tag on the pass records failed axe). Each takes the
 * first step from the 7th that reaches 4.5:1.
 */
const LIGHT_PRESET_TEXT = Object.fromEntries(
  Object.entries(presetPalettes)
    .filter(([, palette]) => palette.length === 10)
    .map(([name, palette]) => [
      `${name}7`,
      palette.slice(6).find((step) => contrast(step, palette[0]) >= 4.5) ?? palette[9],
    ]),
);

/**
 * antd's secondary, placeholder and link colours (45 % and 25 % black, #1677ff) and its status tags' text
 * (#52c41a on pale green) fall short of the 4.5:1 text contrast WCAG AA asks for; these reach it on white
 * and on the grey page background, links in the chosen theme colour's hue (in either theme).
 */
export function readableTheme(dark: boolean, themeColor: string): Pick<ThemeConfig, 'token' | 'components'> {
  const ink = dark ? '255, 255, 255' : '0, 0, 0';
  const token = {
    colorTextDescription: `rgba(${ink}, 0.62)`,
    colorTextTertiary: `rgba(${ink}, 0.62)`,
    colorTextPlaceholder: `rgba(${ink}, 0.56)`,
  };
  if (dark) {
    // On the dark page the theme colour itself (#1668dc from #1677ff) is 3.5:1; text in it — links,
    // the selected menu item, the active tab — takes the dark palette's lighter step (6:1 and more).
    const text = generate(themeColor, { theme: 'dark', backgroundColor: '#141414' });
    const [active, base, hover] = [text[6], text[7], text[8]];
    return {
      token: {
        ...token,
        colorLink: base,
        colorLinkHover: hover,
        colorLinkActive: active,
        // Red text (over-limit figures, danger typography): #dc4446 is 4.3:1 on the page, #ad393a 3:1.
        colorErrorText: DARK_RED[6],
        colorErrorTextHover: DARK_RED[7],
        colorErrorTextActive: DARK_RED[6],
      },
      components: {
        // Status tags: error and processing text are 4.0:1 and 3.4:1 on their own dark fill.
        Tag: { colorError: DARK_RED[6], colorInfo: presetDarkPalettes.blue[6], ...DARK_PRESET_TEXT },
        // Danger link buttons in rows: the dark red (#dc4446) is 3.6:1 on a hovered row; one step lighter
        // is 5:1, and a solid danger button then takes dark text (6:1) instead of white (3.2:1).
        Button: {
          ...primaryButton(text),
          colorError: DARK_RED[6],
          colorErrorHover: DARK_RED[7],
          colorErrorActive: DARK_RED[5],
          dangerColor: '#141414',
        },
        Menu: { itemSelectedColor: base, subMenuItemSelectedColor: base, horizontalItemSelectedColor: base },
        Tabs: { itemSelectedColor: base, itemActiveColor: base, itemHoverColor: hover },
      },
    };
  }
  return {
    token: { ...token, colorLink: generate(themeColor)[6] },
    components: {
      Tag: {
        colorSuccess: '#237804',
        colorError: '#cf1322',
        colorWarning: '#ad4e00',
        colorInfo: '#0958d9',
        ...LIGHT_PRESET_TEXT,
      },
      // Danger link buttons (delete, forbid) in red text: #ff4d4f is 3.3:1 on white.
      Button: { ...primaryButton(generate(themeColor)), colorError: '#cf1322' },
    },
  };
}
