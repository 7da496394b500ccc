// Supply chain due diligence (Art. 52): public under Annex XIII 1(d).
import { group, link, linkList } from './attr.js';

export const supplyChainDueDiligence = group(
  {
    dueDiligenceReport: link('public', { description: 'Report on the battery due diligence policy (Art. 52(3))' }),
    thirdPartyAssurances: linkList('public', { description: 'Third-party verification reports of the policy' }),
  },
  'Responsible sourcing of raw materials',
);
