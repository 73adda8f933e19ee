import { useEffect, useRef, useState } from 'react';
import { Alert, Flex, Tag } from 'antd';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';
import { useTranslation } from 'react-i18next';
import i18n from '@/i18n/i18n';
import {
  TerminalClose,
  type TerminalClientMessage,
  type TerminalServerMessage,
} from '@siteops/contracts/device-link/schemas';
import { terminalSocketUrl } from '@/api/device-link/terminal';

type Status = 'connecting' | 'connected' | 'closed';

/**
 * xterm.js wired to the device's shell through the server's terminal WebSocket. Loaded lazily (the
 * default export) so xterm stays out of the main bundle. Follows the container's size; when either
 * side ends the session, `onClosed` is told why.
 */
export default function TerminalView({ deviceId, onClosed }: { deviceId: number; onClosed: (reason: string) => void }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('connecting');
  const [reason, setReason] = useState('');
  const closedRef = useRef(onClosed);
  useEffect(() => {
    closedRef.current = onClosed;
  }, [onClosed]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const term = new Terminal({
      cursorBlink: true,
      convertEol: false,
      fontFamily: 'Menlo, Consolas, "DejaVu Sans Mono", monospace',
      fontSize: 14,
      theme: { background: '#1e1e1e' },
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(element);
    fit.fit();

    const encoder = new TextEncoder();
    let socket: WebSocket | null = null;
    let ended = false;
    const send = (control: TerminalClientMessage) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(control));
    };
    const finish = (why: string) => {
      setStatus('closed');
      setReason(why);
      if (!ended) closedRef.current(why);
    };

    terminalSocketUrl(deviceId, { cols: term.cols, rows: term.rows }).then(
      (url) => {
        if (ended) return;
        const ws = new WebSocket(url);
        socket = ws;
        ws.binaryType = 'arraybuffer';
        let serverError = '';
        ws.onmessage = (message: MessageEvent<ArrayBuffer | string>) => {
          if (typeof message.data !== 'string') {
            term.write(new Uint8Array(message.data));
            return;
          }
          const control = parseServerMessage(message.data);
          if (control?.type === 'ready') {
            setStatus('connected');
            // The dialog may have settled to another size since the ticket was asked for.
            send({ type: 'resize', cols: term.cols, rows: term.rows });
            term.focus();
          } else if (control?.type === 'error') {
            serverError = control.message;
          }
        };
        ws.onclose = (event) => finish(closeReason(event, serverError));
      },
      // The ticket was refused (the API client has shown why).
      () => finish(''),
    );

    const typed = term.onData((data) => {
      if (socket?.readyState === WebSocket.OPEN) socket.send(encoder.encode(data));
    });
    const resized = term.onResize(({ cols, rows }) => send({ type: 'resize', cols, rows }));
    const observer = new ResizeObserver(() => {
      try {
        fit.fit();
      } catch {
        // The dialog is closing: nothing left to fit.
      }
    });
    observer.observe(element);

    return () => {
      ended = true;
      observer.disconnect();
      typed.dispose();
      resized.dispose();
      send({ type: 'close' });
      socket?.close(1000, 'closed by user');
      term.dispose();
    };
  }, [deviceId]);

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center">
        <Tag color={status === 'connected' ? 'success' : status === 'connecting' ? 'processing' : 'default'}>
          {t(`deviceLink.terminal.${status}`)}
        </Tag>
      </Flex>
      {status === 'closed' && (
        <Alert
          type="info"
          showIcon
          message={reason ? t('deviceLink.terminal.closedReason', { reason }) : t('deviceLink.terminal.closed')}
        />
      )}
      <div
        ref={host}
        data-testid="device-terminal"
        style={{ height: 420, background: '#1e1e1e', padding: 4, borderRadius: 4 }}
      />
    </Flex>
  );
}

function parseServerMessage(text: string): TerminalServerMessage | null {
  try {
    return JSON.parse(text) as TerminalServerMessage;
  } catch {
    return null;
  }
}

const CLOSE_KEYS: Record<number, string> = {
  [TerminalClose.unauthorized]: 'deviceLink.terminal.close.unauthorized',
  [TerminalClose.notFound]: 'deviceLink.terminal.close.notFound',
  [TerminalClose.idle]: 'deviceLink.terminal.close.idle',
  [TerminalClose.offline]: 'deviceLink.terminal.close.offline',
  [TerminalClose.timeout]: 'deviceLink.terminal.close.timeout',
  [TerminalClose.failed]: 'deviceLink.terminal.close.failed',
  [TerminalClose.goingAway]: 'deviceLink.terminal.close.goingAway',
};

/** Why the session ended, in the user's words: a known close code's text, else the server's reason. */
function closeReason(event: CloseEvent, serverError: string): string {
  const key = CLOSE_KEYS[event.code];
  if (key) return i18n.t(key, { detail: serverError || event.reason });
  return serverError || event.reason;
}
