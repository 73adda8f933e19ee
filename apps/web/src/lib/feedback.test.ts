import { describe, expect, it, vi } from 'vitest';
import { message, registerFeedback, setFeedbackMounter, type Feedback } from './feedback';

describe('feedback before its host is mounted', () => {
  it('asks for the host once and shows what was said meanwhile, in order, once it is there', () => {
    const mount = vi.fn();
    setFeedbackMounter(mount);
    message().error({ content: 'first', duration: 5 });
    message().success('second');
    expect(mount).toHaveBeenCalled();

    const shown: string[] = [];
    const host = {
      message: {
        error: (o: { content: string }) => shown.push(`error:${o.content}`),
        success: (text: string) => shown.push(`success:${text}`),
      },
    } as unknown as Feedback;
    registerFeedback(host);
    expect(shown).toEqual(['error:first', 'success:second']);

    // Mounted: calls go straight through, nothing is queued twice.
    message().success('third');
    expect(shown).toEqual(['error:first', 'success:second', 'success:third']);
    registerFeedback(null);
  });
});
