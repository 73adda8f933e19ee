import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@/lib/routeMeta';

/** History back when there is somewhere to go back to in this app, else the workplace. */
export function useGoBack() {
  const navigate = useNavigate();
  return useCallback(() => {
    // react-router keeps the position in its history stack in history.state.idx.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(HOME_PATH);
  }, [navigate]);
}
