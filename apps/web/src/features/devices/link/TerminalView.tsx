import { useEffect, useRef, useState } from 'react';
import { Alert, Flex, Tag } from 'antd';
import { Terminal } from '@xterm/xterm';
import { FitAddon } from '@xterm/addon-fit';
import '@xterm/xterm/css/xterm.css';
import { useTranslation } from 'react-i18next';
import { terminalSocketUrl, type TerminalControl } from '../../../api/device-link/terminal';

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

    const socket = new WebSocket(terminalSocketUrl(deviceId, { cols: term.cols, rows: term.rows }));
    socket.binaryType = 'arraybuffer';
    const encoder = new TextEncoder();
    let ended = false;
    const send = (control: TerminalControl) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(control));
    };

    socket.onopen = () => {
      setStatus('connected');
      term.focus();
    };
    socket.onmessage = (message: MessageEvent<ArrayBuffer | string>) => {
      if (typeof message.data === 'string') {
        // Text frames are control messages from the server (e.g. why it is closing); keep them off-screen.
        return;
      }
      term.write(new Uint8Array(message.data));
    };
    socket.onclose = (event) => {
      setStatus('closed');
      setReason(event.reason);
      if (!ended) closedRef.current(event.reason);
    };
    const typed = term.onData((data) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(encoder.encode(data));
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
      socket.close(1000, 'closed by user');
      term.dispose();
    };
  }, [deviceId]);

  return (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center">
        <Tag color={status === 'connected' ? 'green' : status === 'connecting' ? 'blue' : 'default'}>
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
