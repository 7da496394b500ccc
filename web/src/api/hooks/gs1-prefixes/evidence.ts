// A GS1 prefix claim's evidence as the form holds it, and as the API takes it.
import type { Schemas } from '../../client';

/** What a claim is submitted with: a licence document, or the GEPIR record found (address and/or text). */
export interface Gs1Evidence {
  file?: File | null;
  gepirUrl?: string;
  gepirText?: string;
}

/** A File's bytes as base64, the form the evidence travels in. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

type EvidenceBody = NonNullable<Schemas['Gs1PrefixEvidenceInput']>;

/** The API's evidence body; empty fields are left out, so the API names what is missing. */
export async function evidenceBody(e: Gs1Evidence): Promise<EvidenceBody> {
  const out: EvidenceBody = {};
  if (e.file)
    // A type the browser could not name goes as it is, so the API's message names the field.
    out.file = { name: e.file.name, content_type: e.file.type as 'application/pdf', data: await base64Of(e.file) };
  if (e.gepirUrl?.trim()) out.gepir_url = e.gepirUrl.trim();
  if (e.gepirText?.trim()) out.gepir_text = e.gepirText.trim();
  return out;
}
