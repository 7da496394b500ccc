// A PDF export worker thread (piscina): draws a whole label sheet away from the event loop that
// answers requests and redirects (src/features/code-images/export-pool.ts).
import { move } from 'piscina';
import { renderLabelSheet, type LabelItem, type LabelLayout } from './export-pdf.js';

export interface ExportTask {
  items: LabelItem[];
  layout: LabelLayout;
}

export default async function renderExport(task: ExportTask) {
  return move(await renderLabelSheet(task.items, task.layout));
}
