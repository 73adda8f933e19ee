import { lazy, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, theme as antTheme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { MountWhen } from '@/components/intent/MountWhen';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { antdLocaleOf } from '@/i18n/i18n';
import { setFeedbackMounter } from '@/lib/feedback';
import { useSettingsStore } from '@/stores/settings';
import { antdStylesheetApplied } from './antdStylesheet';
import { readableTheme } from './readableTheme';

const FeedbackHost = lazy(() => import('./FeedbackHost'));

/** Mounts antd's message/modal/notification when lib/feedback first needs them. */
function Feedback() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => setFeedbackMounter(() => setWanted(true)), []);
  return (
    <MountWhen when={wanted}>
      <FeedbackHost />
    </MountWhen>
  );
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
        // With antd's prebuilt stylesheet its components only set the theme's CSS variables (antdStylesheet.ts).
        zeroRuntime: antdStylesheetApplied(),
        // A fixed name for those variables: the prebuilt stylesheet carries rules for React-generated ones.
        cssVar: { key: 'css-var-siteops' },
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
