import { theme } from 'antd';

/** The SiteOps mark: a site triangle with a device dot, drawn in the theme colour. */
export function BrandLogo({ size = 28 }: { size?: number }) {
  const { token } = theme.useToken();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill={token.colorPrimary} />
      <path d="M8 22 16 8l8 14z" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
      <circle cx="16" cy="18" r="2.5" fill="#fff" />
    </svg>
  );
}
