import { Steps } from '@app/ui/steps';
import { stepsOf, type StepsInput } from './task-steps';

/** The task's steps, each with its own status (so Steps' `current` plays no part). */
export function TaskSteps({ task }: { task: StepsInput }) {
  return (
    <Steps direction="vertical">
      {stepsOf(task).map((step) => (
        <Steps.Step key={step.title} title={step.title} description={step.description} status={step.status} />
      ))}
    </Steps>
  );
}
