import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, theme as antTheme, type ThemeConfig } from 'antd';
import { generate, presetDarkPalettes } from '@ant-design/colors';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { antdLocaleOf } from '@/i18n/i18n';
import { setFeedbackMounter } from '@/lib/feedback';
import { useSettingsStore } from '@/stores/settings';

const FeedbackHost = lazy(() => import('./FeedbackHost'));

/** Mounts antd's message/modal/notification when lib/feedback first needs them. */
function Feedback() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => setFeedbackMounter(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <FeedbackHost />
    </Suspense>
  ) : null;
}

/** Page-level effects of the settings that live outside antd's tree: page colours, colour weak, progress bar. */
function DocumentStyle() {
  const { token } = antTheme.useToken();
  const { theme, colorWeak } = useSettingsStore(useShallow((s) => ({ theme: s.theme, colorWeak: s.colorWeak })));
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
    root.style.setProperty('--siteops-primary', token.colorPrimary);
    document.body.style.background = token.colorBgLayout;
    document.body.style.color = token.colorText;
    // What antd's <App> wrapper gave the page: the theme's font.
    document.body.style.fontFamily = token.fontFamily;
    document.body.style.fontSize = `${token.fontSize}px`;
    document.body.style.lineHeight = String(token.lineHeight);
  }, [
    theme,
    token.colorPrimary,
    token.colorBgLayout,
    token.colorText,
    token.fontFamily,
    token.fontSize,
    token.lineHeight,
  ]);
  useEffect(() => {
    // Spec 9: colour-weak mode is an 80 % inversion of the whole page. On <html>, because a filter on
    // any other element would become the containing block of fixed-position popups and drawers.
    document.documentElement.style.filter = colorWeak ? 'invert(80%)' : '';
  }, [colorWeak]);
  return null;
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
 * antd's secondary, placeholder and link colours (45 % and 25 % black, #1677ff) and its status tags' text
 * (#52c41a on pale green) fall short of the 4.5:1 text contrast WCAG AA asks for; these reach it on white
 * and on the grey page background, links in the chosen theme colour's hue (in either theme).
 */
function readableTheme(dark: boolean, themeColor: string): Pick<ThemeConfig, 'token' | 'components'> {
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
      Tag: { colorSuccess: '#237804', colorError: '#cf1322', colorWarning: '#ad4e00', colorInfo: '#0958d9' },
      // Danger link buttons (delete, forbid) in red text: #ff4d4f is 3.3:1 on white.
      Button: { colorError: '#cf1322' },
    },
  };
}

export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { theme, themeColor } = useSettingsStore(useShallow((s) => ({ theme: s.theme, themeColor: s.themeColor })));
  // Respect the system setting; it also keeps end-to-end tests free of animation timing.
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const readable = useMemo(() => readableTheme(theme === 'dark', themeColor), [theme, themeColor]);
  // TanStack Query's provider is not here but with the layout and the pages that read (QueryProvider).
  return (
    <ConfigProvider
      locale={antdLocaleOf(i18n.language)}
      theme={{
        algorithm: theme === 'dark' ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        ...readable,
        token: { colorPrimary: themeColor, motion: !reduceMotion, ...readable.token },
      }}
      // antd spaces out two-character CJK labels ("提 交"); the console writes its labels as they are read.
      button={{ autoInsertSpace: false }}
    >
      <Feedback />
      <DocumentStyle />
      {children}
    </ConfigProvider>
  );
}
