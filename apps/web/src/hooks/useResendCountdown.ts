import { useEffect, useState } from 'react';
import { ApiError } from '@/api/envelope';

/**
 * Seconds until the server takes another "send code": started from an answer's `resendAt`, or from a
 * refusal's `retryAt` (a 429 says when). The server keeps the real limit; this only spares the click.
 */
export function useResendCountdown() {
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (resendAt <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [resendAt]);

  const waitUntil = (at: string) => {
    setNow(Date.now());
    setResendAt(new Date(at).getTime());
  };
  return {
    secondsLeft: Math.max(0, Math.ceil((resendAt - now) / 1000)),
    waitUntil,
    /** Starts the countdown when the refusal says when to ask again; other failures leave it. */
    waitAfter: (error: unknown) => {
      const retryAt = error instanceof ApiError ? (error.data as { retryAt?: string } | null)?.retryAt : undefined;
      if (retryAt) waitUntil(retryAt);
    },
  };
}
