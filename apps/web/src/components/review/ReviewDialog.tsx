import type { ReactNode } from 'react';
import { Modal } from 'antd';
import { ReviewFooter, useReviewDecision, useReviewOpinion, type ReviewKind } from './ReviewDecision';

interface ReviewDialogProps<S, R extends string> {
  kind: ReviewKind<R>;
  /** What is reviewed; the dialog is open while there is one. */
  subject: S | null;
  title: ReactNode;
  /** The opinions a newly opened subject starts from, one per decision. */
  initialOpinion: (subject: S | null) => Partial<Record<R, string>>;
  /** Sends a decision with the opinion typed for it. */
  send: (subject: S, result: R, opinion: string) => Promise<unknown>;
  onClose: () => void;
  opinionLabel: string;
  /** False: the subject is shown read-only, with no decisions (it is not waiting for one). */
  decidable?: boolean;
  width?: number;
  /** The subject at a glance. */
  children: ReactNode;
}

/** A review dialog: the subject at a glance, and "Reject" and "Pass", each confirmed with its own opinion. */
export function ReviewDialog<S, R extends string>(props: ReviewDialogProps<S, R>) {
  const { kind, subject, onClose } = props;
  const [opinion, setOpinion] = useReviewOpinion(subject, props.initialOpinion);
  const decision = useReviewDecision(
    kind,
    async (result) => subject && props.send(subject, result, opinion[result] ?? ''),
    onClose,
  );
  return (
    <Modal
      open={subject !== null}
      title={props.title}
      onCancel={onClose}
      destroyOnHidden
      width={props.width}
      footer={
        props.decidable === false ? null : (
          <ReviewFooter
            {...decision}
            kind={kind}
            onCancel={onClose}
            opinion={opinion}
            onOpinion={setOpinion}
            opinionLabel={props.opinionLabel}
          />
        )
      }
    >
      {subject !== null && props.children}
    </Modal>
  );
}
