import { serveComposeRequests, type AdmitCardData } from '@psc/print-templates';
import { admitCardsHtml } from '../../api/src/admit-cards/printed-documents';

// The print benchmark's compose worker: a chunk's admit cards to HTML, as the print-batch route and
// the workstation compose them, on a thread of its own.
serveComposeRequests<AdmitCardData>((cards) => admitCardsHtml(cards, 'ne'));
