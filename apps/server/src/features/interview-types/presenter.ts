import type { InterviewType } from '@hireloop/contract/interviews';
import type { InterviewTypeRow } from './repository.ts';

export const presentInterviewType = (r: InterviewTypeRow): InterviewType => ({
  id: r.id,
  name: r.name,
  position: r.position,
  questions: r.questions,
  criteria: r.criteria,
});
