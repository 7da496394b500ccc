import { evidenceUrl, type Gs1Claim } from '../../../api/hooks/operatorPrefixes';
import { useI18n } from '../../../i18n/i18n';

/** A claim's evidence: the document to open, the GEPIR record's address and text. */
export function ClaimEvidence({ claim }: { claim: Gs1Claim }) {
  const { t } = useI18n();
  const e = claim.evidence;
  if (!e) return null;
  return (
    <div className="small">
      {e.file ? (
        <a href={evidenceUrl(claim.id)} target="_blank" rel="noopener noreferrer">
          {t('op.gs1.openDocument', { name: e.file.name })}
        </a>
      ) : null}
      {e.gepir_url ? (
        <div>
          <a href={e.gepir_url} target="_blank" rel="noopener noreferrer nofollow">
            {e.gepir_url}
          </a>
        </div>
      ) : null}
      {e.gepir_text ? <blockquote className="operator-quote">{e.gepir_text}</blockquote> : null}
    </div>
  );
}
