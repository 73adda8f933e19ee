import { useEffect, type ReactNode } from 'react';
import { Button, Flex, Modal, QRCode, Spin, Typography } from 'antd';
import { PrinterOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { message, modal } from '@/lib/feedback';

const PRINTING = 'printing-reg-card';
// While printing, only the card shows (the modal lives outside #root, the page behind it is hidden).
const PRINT_CSS = `@media print {
  body.${PRINTING} * { visibility: hidden !important; }
  body.${PRINTING} .reg-card, body.${PRINTING} .reg-card * { visibility: visible !important; }
  body.${PRINTING} .reg-card { position: fixed; inset: 0; margin: auto; height: max-content; }
}`;

function printCard() {
  document.body.classList.add(PRINTING);
  const done = () => {
    document.body.classList.remove(PRINTING);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

interface RegCardModalProps {
  open: boolean;
  title: string;
  /**
   * The card's message keys: `<namespace>.scan` (the line above the code), `.print`, `.rotate`,
   * `.rotateConfirm` and `.rotated`; visitors and workers each say what their code is for.
   */
  namespace: 'visitorConfig.regLink' | 'labour.regLink';
  /** What stands above the card, such as a project picker. */
  header?: ReactNode;
  projectName?: string;
  /** The address the code opens; undefined while it loads or when there is none. */
  url: string | undefined;
  /** Shown instead of the card when there is no address (a spinner by default). */
  placeholder?: ReactNode;
  /** Retires the printed code: the server makes a new link. */
  onRotate(): Promise<unknown>;
  onClose(): void;
  /** The card's and the link's test ids. */
  testIds: { card: string; link: string };
}

/**
 * A project's registration QR code card, for visitors at the gate and for workers on site: the card to
 * print and put up, the link it opens, and "New link", which retires the printed one after a confirmation.
 */
export function RegCardModal(props: RegCardModalProps) {
  const { t } = useTranslation();
  const { namespace: ns, url } = props;

  useEffect(() => {
    const style = document.createElement('style');
    style.textContent = PRINT_CSS;
    document.head.append(style);
    return () => style.remove();
  }, []);

  const confirmRotate = () =>
    modal().confirm({
      title: t(`${ns}.rotateConfirm`),
      okText: t(`${ns}.rotate`),
      okButtonProps: { danger: true },
      onOk: async () => {
        await props.onRotate();
        message().success(t(`${ns}.rotated`));
      },
    });

  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onClose}
      destroyOnHidden
      footer={[
        <Button key="rotate" icon={<ReloadOutlined />} onClick={confirmRotate} disabled={!url}>
          {t(`${ns}.rotate`)}
        </Button>,
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={printCard} disabled={!url}>
          {t(`${ns}.print`)}
        </Button>,
      ]}
    >
      {props.header}
      {url ? (
        <Flex
          vertical
          align="center"
          gap={12}
          className="reg-card"
          data-testid={props.testIds.card}
          style={{ padding: 16 }}
        >
          <Typography.Title level={4} style={{ margin: 0 }}>
            {props.projectName}
          </Typography.Title>
          <Typography.Text>{t(`${ns}.scan`)}</Typography.Text>
          <QRCode value={url} size={240} type="svg" errorLevel="M" />
          <Typography.Text copyable={{ text: url }} style={{ wordBreak: 'break-all', textAlign: 'center' }}>
            <a href={url} target="_blank" rel="noreferrer" data-testid={props.testIds.link}>
              {url}
            </a>
          </Typography.Text>
        </Flex>
      ) : (
        <Flex justify="center" style={{ padding: 48 }}>
          {props.placeholder ?? <Spin />}
        </Flex>
      )}
    </Modal>
  );
}
