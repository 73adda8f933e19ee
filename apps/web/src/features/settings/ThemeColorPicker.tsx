import { useEffect, useId, useRef } from 'react';
import { Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The hues offered as swatches (antd's presets and the console's default blue), named in settings.colors. */
const THEME_COLORS = {
  defaultBlue: '#165DFF',
  daybreakBlue: '#1677FF',
  goldenPurple: '#722ED1',
  magenta: '#EB2F96',
  dustRed: '#F5222D',
  sunsetOrange: '#FA8C16',
  cyan: '#13C2C2',
  polarGreen: '#52C41A',
} as const;

/**
 * Spec 2/3's theme colour: named swatches (radio buttons, so arrow keys move between them) and the
 * browser's own picker for any other colour. Not antd's ColorPicker: the settings drawer is the only
 * place that needs one, and antd's Button shares a module with it, which put the picker and Collapse
 * into every page's first load, the login page's included (issue 9).
 */
export function ThemeColorPicker({ value, onChange }: { value: string; onChange: (hex: string) => void }) {
  const { t } = useTranslation();
  const name = useId();
  const custom = useRef<HTMLInputElement>(null);
  const isPreset = Object.values(THEME_COLORS).some((hex) => hex === value);

  // The native picker's `change` (on close), not React's onChange (every drag step): each change
  // re-themes the whole console.
  useEffect(() => {
    const input = custom.current;
    const commit = () => input && onChange(input.value.toUpperCase());
    input?.addEventListener('change', commit);
    return () => input?.removeEventListener('change', commit);
  }, [onChange]);

  return (
    <div style={{ padding: '8px 0' }}>
      <Typography.Text id={`${name}-label`}>{t('settings.themeColor')}</Typography.Text>
      <div role="radiogroup" aria-labelledby={`${name}-label`} className="theme-swatches">
        {Object.entries(THEME_COLORS).map(([key, hex]) => (
          <label key={key} className="theme-swatch" style={{ background: hex }} title={t(`settings.colors.${key}`)}>
            <input
              type="radio"
              name={name}
              value={hex}
              checked={value === hex}
              onChange={() => onChange(hex)}
              aria-label={t(`settings.colors.${key}`)}
            />
            {value === hex && <CheckOutlined aria-hidden />}
          </label>
        ))}
        <input
          ref={custom}
          type="color"
          className="theme-swatch-custom"
          // Controlled by the setting, so a swatch chosen meanwhile shows here when the picker opens.
          value={value.toLowerCase()}
          onChange={() => undefined}
          aria-label={t('settings.colors.custom')}
          title={t('settings.colors.custom')}
          data-chosen={!isPreset || undefined}
        />
        <Typography.Text code>{value}</Typography.Text>
      </div>
    </div>
  );
}
