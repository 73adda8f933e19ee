import { useState, type ComponentType } from 'react';
import { Button } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LocaleMenu as Menu } from './LocaleMenu';

let menuModule: Promise<{ LocaleMenu: typeof Menu }> | undefined;
function loadMenu() {
  menuModule ??= import('./LocaleMenu').catch((error: unknown) => {
    menuModule = undefined; // a later hover or click tries again
    throw error;
  });
  return menuModule;
}

/**
 * Language menu (navbar and login page). The choice is kept in localStorage under `locale`. The menu's
 * code is not part of the first load: pointer or focus on the button fetches it, the first click opens
 * it as soon as it is there (the button is swapped for the menu's only after that click, so no click is lost).
 */
export function LocaleSwitch() {
  const { t } = useTranslation();
  const [LocaleMenu, setLocaleMenu] = useState<ComponentType<Parameters<typeof Menu>[0]>>();
  const [open, setOpen] = useState(false);
  const prefetch = () => void loadMenu().catch(() => undefined);
  const button = (
    <Button
      type="text"
      shape="circle"
      icon={<TranslationOutlined />}
      aria-label={t('locale.switch')}
      {...(LocaleMenu
        ? {}
        : {
            onPointerEnter: prefetch,
            onFocus: prefetch,
            onClick: () => {
              setOpen(true);
              void loadMenu().then(
                (m) => setLocaleMenu(() => m.LocaleMenu),
                () => setOpen(false),
              );
            },
          })}
    />
  );
  return LocaleMenu ? (
    <LocaleMenu open={open} onOpenChange={setOpen}>
      {button}
    </LocaleMenu>
  ) : (
    button
  );
}
