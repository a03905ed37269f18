// What other features may use of the commissions' screens (the admin shows a request and a quote as the buyer sees them).
export { formatDay, formatLeadTime } from './commission-status';
export { BuildLog } from './BuildLog';
export { QuoteDetails } from './QuoteDetails';
export { RequestSummary } from './RequestSummary';
