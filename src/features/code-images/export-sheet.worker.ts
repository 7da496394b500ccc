// A PDF export worker thread (piscina): turns code rows into labels and draws the whole sheet, so
// the event loop that answers requests and redirects does neither (export-pool.ts).
import type { Selectable } from 'kysely';
import { move } from 'piscina';
import { renderLabelSheet, type LabelLayout } from '../../qr/export-pdf.js';
import { toCode } from '../codes/index.js';
import type { CodesTable } from '../codes/index.js';
import { labelOf } from './code-images.fns.js';

export interface ExportTask {
  rows: Array<Selectable<CodesTable>>;
  look: { baseUrl: string; customDomain: string | null; brandColor: string | null; now: string };
  layout: LabelLayout;
}

export default async function renderExport(task: ExportTask) {
  const { baseUrl, customDomain, brandColor, now } = task.look;
  const ctx = { baseUrl, customDomain, now: new Date(now) };
  const labels = task.rows.map((row) => labelOf(toCode(row, ctx), brandColor));
  return move(await renderLabelSheet(labels, task.layout));
}
