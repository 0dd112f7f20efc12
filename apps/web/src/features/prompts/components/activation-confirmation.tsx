import type { ActivationNeedsConfirmation } from '@mining-hub/contract/evaluation';
import type { Prompt } from '@mining-hub/contract/prompts';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { percent, points } from '../evaluation-api.ts';
import { ComparisonView } from './evaluate-tab.tsx';

interface ActivationConfirmationProps {
  prompt: Prompt;
  evidence: ActivationNeedsConfirmation;
  activating: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Activating a version whose last run on the default set scored below the active one's: the comparison, then a choice. */
export function ActivationConfirmation({
  prompt,
  evidence,
  activating,
  onConfirm,
  onClose,
}: ActivationConfirmationProps) {
  return (
    <Modal
      open
      onClose={onClose}
      title={`Activate "${prompt.name}" although it scored lower?`}
      subtitle={`Version ${prompt.version}: ${percent(evidence.candidate_score)} against the active version's ${percent(evidence.active_score)} (${points(evidence.candidate_score - evidence.active_score)})`}
      footer={
        <>
          <Button variant="secondary" size="sm" onClick={onClose}>
            Keep the active version
          </Button>
          <Button variant="danger" size="sm" onClick={onConfirm} disabled={activating}>
            {activating ? 'Activating...' : 'Activate anyway'}
          </Button>
        </>
      }
    >
      <p className="mb-4 text-sm text-slate-700">{evidence.detail}</p>
      <ComparisonView comparison={evidence.comparison} />
    </Modal>
  );
}
