import { router } from '../../trpc';

// Procedures of this area are added here (thin: validate, authorise, call a domain function, shape).
export const billingRouter = router({});
