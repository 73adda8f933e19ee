import i18n from '../../../../i18n/i18n';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';

/**
 * The shared loader merges `features/<name>/i18n/*.json` only one level deep, and these messages live
 * one level further down (`features/devices/link/`). Add them here unless the loader already did, so
 * the components are translated either way.
 */
export function registerDeviceLinkMessages() {
  for (const [locale, tree] of [
    ['zh-CN', zhCN],
    ['en-US', enUS],
  ] as const) {
    if (!i18n.exists('deviceLink.actions.snapshot', { lng: locale, fallbackLng: false })) {
      i18n.addResourceBundle(locale, 'translation', tree, true, false);
    }
  }
}

registerDeviceLinkMessages();
