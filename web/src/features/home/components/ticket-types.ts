/** The ticket types of SPEC §1, in the order of the select. */
export const TICKET_TYPES = ['standard-access', 'pro-access', 'premium-access'] as const;
