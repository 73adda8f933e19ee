import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';
import { ApiOutlined, SafetyCertificateOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/components/BrandLogo';
import { LocaleSwitch } from '@/components/LocaleSwitch';
import { ThemeToggle } from '@/components/ThemeToggle';
import { useMediaQuery } from '@/hooks/useMediaQuery';
import { LoginForm } from './LoginForm';

function Banner() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const points = [
    { icon: <ApiOutlined />, text: t('login.banner.devices') },
    { icon: <TeamOutlined />, text: t('login.banner.people') },
    { icon: <SafetyCertificateOutlined />, text: t('login.banner.secure') },
  ];
  return (
    <aside
      style={{
        flex: '0 0 42%',
        padding: '48px 56px',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        color: '#fff',
        background: `linear-gradient(150deg, ${token.colorPrimary} 0%, ${token.colorPrimaryActive} 100%)`,
      }}
    >
      <Flex align="center" gap={12}>
        <svg width={32} height={32} viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="rgba(255,255,255,0.18)" />
          <path d="M8 22 16 8l8 14z" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
          <circle cx="16" cy="18" r="2.5" fill="#fff" />
        </svg>
        <span style={{ fontSize: 20, fontWeight: 600 }}>{t('login.banner.title')}</span>
      </Flex>
      <div>
        <h2 style={{ color: '#fff', fontSize: 30, fontWeight: 600, lineHeight: 1.3, margin: '0 0 32px' }}>
          {t('login.banner.slogan')}
        </h2>
        <Flex vertical gap={20} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {points.map((p) => (
            <Flex key={p.text} component="li" align="center" gap={12} style={{ fontSize: 15, opacity: 0.92 }}>
              <span style={{ fontSize: 20 }}>{p.icon}</span>
              {p.text}
            </Flex>
          ))}
        </Flex>
      </div>
      <span style={{ opacity: 0.7, fontSize: 13 }}>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
    </aside>
  );
}

/**
 * The pages before a login (this one and password recovery): the banner on a wide screen, language and
 * theme switches, and a centred column with the title. One shell, so both pages share one chunk.
 */
export function AuthShell({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  const wide = useMediaQuery('(min-width: 992px)');
  return (
    <div style={{ display: 'flex', minHeight: '100vh', background: token.colorBgContainer }}>
      {wide && <Banner />}
      <main style={{ flex: 1, display: 'flex', flexDirection: 'column', padding: 24 }}>
        <Flex justify="flex-end" gap={4}>
          <LocaleSwitch />
          <ThemeToggle />
        </Flex>
        <Flex flex={1} align="center" justify="center">
          <div style={{ width: '100%', maxWidth: 380 }}>
            {/* Plain headings in antd's colours: Typography would add its weight to the first page load. */}
            <Flex align="center" gap={12} style={{ marginBottom: 8 }}>
              {!wide && <BrandLogo size={32} />}
              <h1
                style={{ margin: 0, fontSize: token.fontSizeHeading2, fontWeight: 600, color: token.colorTextHeading }}
              >
                {title}
              </h1>
            </Flex>
            <p style={{ margin: '0 0 32px', color: token.colorTextSecondary }}>{subtitle}</p>
            {children}
          </div>
        </Flex>
      </main>
    </div>
  );
}

/** /login: open to everyone, also with a session (spec 2). */
export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm />
    </AuthShell>
  );
}
