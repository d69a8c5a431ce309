import type { Db } from '../../db/client.ts';
import { positionAtEnd, positionsAtEnd } from '../../lib/board-order.ts';
import {
  hiredAtKept,
  insertApplication,
  insertApplicationsInColumn,
  insertStageChanges,
  lastPosition,
  statementClock as clockNow,
  updateApplication,
  type ApplicationRow,
} from './repository.ts';

/**
 * Cards entering or moving on a recruitment's board from outside the board itself: a new
 * application (the form, the careers site), a batch of new applications (the CSV import) and an
 * accepted offer's move to hired. Each writes the application and its stage change together,
 * positions by lib/board-order.ts. (The board's own moves, bulk moves and transfers are in
 * service.ts: next to join this module.)
 */

/**
 * Adds an application at the end of its status's column on the board, with its first stage
 * change (from no status, by `movedById`); hired now when the status is a hired one.
 */
export async function placeNewApplication(
  tx: Db,
  values: Pick<ApplicationRow, 'organisationId' | 'candidateId' | 'recruitmentId' | 'source'> &
    Partial<Pick<ApplicationRow, 'rating' | 'tags'>>,
  status: { id: string; category: string },
  movedById: string | null,
): Promise<ApplicationRow> {
  const application = await insertApplication(tx, {
    ...values,
    statusId: status.id,
    boardPosition: positionAtEnd(await lastPosition(tx, values.recruitmentId, status.id)),
    hiredAt: status.category === 'hired' ? clockNow : null,
  });
  await insertStageChanges(tx, [
    {
      organisationId: values.organisationId,
      applicationId: application.id,
      recruitmentId: values.recruitmentId,
      fromStatusId: null,
      toStatusId: status.id,
      movedById,
      movedAt: clockNow,
    },
  ]);
  return application;
}

/**
 * Adds a batch of applications (a CSV import's) at the end of the status's column, one after
 * another in the order given, each with its first stage change (from no status, by `movedById`);
 * hired now when the status is a hired one. One statement for the batch, however large. An
 * application the recruitment already has (a concurrent add) is skipped; returns those added.
 */
export async function placeNewApplications(
  tx: Db,
  o: { organisationId: string; recruitmentId: string; status: { id: string; category: string }; movedById: string | null },
  rows: { candidateId: string; source: string; tags: string[] }[],
): Promise<{ id: string; candidateId: string }[]> {
  if (rows.length === 0) return [];
  const positions = positionsAtEnd(await lastPosition(tx, o.recruitmentId, o.status.id), rows.length);
  return insertApplicationsInColumn(
    tx,
    {
      organisationId: o.organisationId,
      recruitmentId: o.recruitmentId,
      statusId: o.status.id,
      hired: o.status.category === 'hired',
      movedById: o.movedById,
    },
    rows.map((r, i) => ({ ...r, boardPosition: positions[i]! })),
  );
}

/**
 * An accepted offer's application goes to the end of the hired column (a rejected one is restored),
 * with its stage change when the status changes; hired_at is kept from an earlier hire.
 */
export async function moveToHired(
  tx: Db,
  a: {
    organisationId: string;
    applicationId: string;
    recruitmentId: string;
    fromStatusId: string;
    toStatusId: string;
    movedById: string | null;
  },
) {
  await updateApplication(tx, a.organisationId, a.applicationId, {
    statusId: a.toStatusId,
    boardPosition: positionAtEnd(await lastPosition(tx, a.recruitmentId, a.toStatusId, a.applicationId)),
    stageEnteredAt: clockNow,
    hiredAt: hiredAtKept,
    rejectedAt: null,
    rejectionReason: null,
    rejectedById: null,
  });
  if (a.fromStatusId !== a.toStatusId) {
    await insertStageChanges(tx, [
      {
        organisationId: a.organisationId,
        applicationId: a.applicationId,
        recruitmentId: a.recruitmentId,
        fromStatusId: a.fromStatusId,
        toStatusId: a.toStatusId,
        movedById: a.movedById,
        movedAt: clockNow,
      },
    ]);
  }
}
