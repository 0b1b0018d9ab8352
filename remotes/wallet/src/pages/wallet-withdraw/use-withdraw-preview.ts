/**
 * The server's fee for the amount being typed (`wallet/withdrawPreview`), asked once the user pauses typing. Answers
 * are kept by amount, so typing back to an earlier amount shows its fee at once, and `previewOf` gives the submit the
 * fee of exactly the amount it confirms (asking now when the pause has not come yet).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useDebounced } from '@app/ui/use-debounced';
import { failureMessage } from '../../features/wallet/use-wallet';
import { previewWithdrawal, type WithdrawPreview } from '../../features/wallet/wallet-api';

/** How long typing must pause before the fee is asked. */
export const PREVIEW_DELAY_MS = 300;

type Answer = { preview: WithdrawPreview } | { error: string };

export interface PreviewState {
  /** The fee of the amount now typed, once the server gave it. */
  preview: WithdrawPreview | null;
  /** Why the fee could not be had. */
  error: string | null;
  loading: boolean;
  /** The fee of `amountFen`: the answer kept, or asked now. Rejects with the reason when it cannot be had. */
  previewOf(amountFen: number): Promise<WithdrawPreview>;
}

export function useWithdrawPreview(amountFen: number | null): PreviewState {
  const settled = useDebounced(amountFen, PREVIEW_DELAY_MS);
  const [answers, setAnswers] = useState<ReadonlyMap<number, Answer>>(new Map());
  const kept = useRef(answers);
  kept.current = answers;

  const ask = useCallback(async (fen: number): Promise<WithdrawPreview> => {
    try {
      const preview = await previewWithdrawal(fen);
      setAnswers((previous) => new Map(previous).set(fen, { preview }));
      return preview;
    } catch (error) {
      const message = failureMessage(error);
      setAnswers((previous) => new Map(previous).set(fen, { error: message }));
      throw new Error(message);
    }
  }, []);

  useEffect(() => {
    if (settled === null) return;
    const known = kept.current.get(settled);
    if (known && 'preview' in known) return;
    ask(settled).catch(() => undefined);
  }, [settled, ask]);

  const previewOf = useCallback(
    (fen: number) => {
      const known = kept.current.get(fen);
      return known && 'preview' in known ? Promise.resolve(known.preview) : ask(fen);
    },
    [ask],
  );

  const answer = answerFor(amountFen, answers);
  return {
    preview: answer && 'preview' in answer ? answer.preview : null,
    error: answer && 'error' in answer ? answer.error : null,
    loading: amountFen !== null && !answer,
    previewOf,
  };
}

function answerFor(amountFen: number | null, answers: ReadonlyMap<number, Answer>): Answer | null {
  return amountFen === null ? null : (answers.get(amountFen) ?? null);
}
