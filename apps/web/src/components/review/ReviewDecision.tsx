import { useState, type ReactNode } from 'react';
import { Button, Form, Input, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { afterReport } from '@/api/reported';
import { message } from '@/lib/feedback';

/**
 * One kind of review: what it decides between, where its words are (`messages`, the message group
 * holding `reject`, `pass`, `passConfirm`, `rejectConfirm`, `passDone`, `rejectDone` and `opinionPlaceholder`) and its
 * opinion field's id. The certification audit and the visitor audit review alike; only these differ.
 */
export interface ReviewKind<R extends string> {
  messages: string;
  rejected: R;
  passed: R;
  opinionId: string;
}

/**
 * A review's "Reject" and "Pass": `decide` sends one (its button loading until it settles), says it is
 * done and closes the dialog; a failure is reported and leaves the dialog open.
 */
export function useReviewDecision<R extends string>(
  kind: ReviewKind<R>,
  send: (result: R) => Promise<unknown>,
  onClose: () => void,
) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<R | null>(null);
  const decide = async (result: R) => {
    setBusy(result);
    try {
      await send(result);
      message().success(t(`${kind.messages}.${result === kind.passed ? 'passDone' : 'rejectDone'}`));
      onClose();
    } finally {
      setBusy(null);
    }
  };
  return { busy, decide: (result: R) => afterReport(decide(result)) };
}

/**
 * The reviewer's opinions of the subject on show, one per decision: each newly opened subject starts
 * from `initial` (state adjusted while rendering, not in an effect, so the fields never show the last
 * subject's words).
 */
export function useReviewOpinion<S, R extends string>(
  subject: S | null,
  initial: (subject: S | null) => Partial<Record<R, string>>,
) {
  const [opinion, setOpinion] = useState<Partial<Record<R, string>>>({});
  const [shownFor, setShownFor] = useState<S | null>(null);
  if (shownFor !== subject) {
    setShownFor(subject);
    setOpinion(initial(subject));
  }
  const set = (result: R, value: string) => setOpinion((current) => ({ ...current, [result]: value }));
  return [opinion, set] as const;
}

/**
 * A review dialog's footer: cancel, then "Reject" and "Pass", each asking for its confirmation with its
 * own opinion field inside. The opinion belongs to the decision it was typed for: words written under
 * "Pass" are never sent with a rejection (issue 33). `opinion` holds one opinion per decision.
 */
export function ReviewFooter<R extends string>({
  kind,
  busy,
  decide,
  onCancel,
  opinion,
  onOpinion,
  opinionLabel,
}: ReturnType<typeof useReviewDecision<R>> & {
  kind: ReviewKind<R>;
  onCancel: () => void;
  opinion: Partial<Record<R, string>>;
  onOpinion: (result: R, value: string) => void;
  opinionLabel: string;
}) {
  const { t } = useTranslation();
  const { messages, rejected, passed } = kind;
  const confirm = (result: R, question: string, button: ReactNode) => (
    <Popconfirm
      title={question}
      description={
        <OpinionField
          kind={kind}
          id={`${kind.opinionId}-${result}`}
          label={opinionLabel}
          value={opinion[result] ?? ''}
          onChange={(value) => onOpinion(result, value)}
        />
      }
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={result === rejected ? { danger: true } : undefined}
      onConfirm={() => decide(result)}
    >
      {button}
    </Popconfirm>
  );
  return (
    <Space>
      <Button onClick={onCancel}>{t('common.cancel')}</Button>
      {confirm(
        rejected,
        t(`${messages}.rejectConfirm`),
        <Button danger loading={busy === rejected}>
          {t(`${messages}.reject`)}
        </Button>,
      )}
      {confirm(
        passed,
        t(`${messages}.passConfirm`),
        <Button type="primary" loading={busy === passed}>
          {t(`${messages}.pass`)}
        </Button>,
      )}
    </Space>
  );
}

/** The reviewer's opinion on one decision: a few lines, at most 256 characters. */
export function OpinionField({
  kind,
  id,
  label,
  value,
  onChange,
}: {
  kind: ReviewKind<string>;
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Form layout="vertical" style={{ marginTop: 8, width: 320, maxWidth: '70vw' }}>
      <Form.Item label={label} htmlFor={id} style={{ marginBottom: 0 }}>
        <Input.TextArea
          id={id}
          value={value}
          maxLength={256}
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t(`${kind.messages}.opinionPlaceholder`)}
          onChange={(e) => onChange(e.target.value)}
        />
      </Form.Item>
    </Form>
  );
}
