export { BuyRequestsPage } from './BuyRequestsPage';
export { FeedbackPage } from './FeedbackPage';
export { JoinApplicationsPage } from './JoinApplicationsPage';
