/**
 * @permitdesk/shared — the domain of the trade promotion permits service: pure TypeScript, no I/O.
 * See README.md for the rules indexed by spec section.
 */
export * from './messages';
export * from './constants';
export * from './errors';
export * from './money';
export * from './money-schema';
export * from './states';
export * from './states-schema';

export * from './dates/calendar';
export * from './dates/date-schemas';
export * from './dates/defaults';
export * from './dates/holidays';

export * from './format/currency';
export * from './format/date';
export * from './format/aus-states';
export * from './format/relative-time';
export * from './format/reviews';
export * from './format/labels';

export * from './rules/rule-sets';
export * from './permits/options';
export * from './permits/requirements';
export * from './permits/scrutineer';
export * from './permits/prize-tiers';
export * from './permits/option-labels';
export * from './fees/calculate-fees';
export * from './fees/skill-terms';

export * from './status/statuses';
export * from './status/transitions';

export * from './wizard/steps';
export * from './wizard/section-validity';
export * from './wizard/application-state';
export * from './wizard/permit-defaults';

export * from './validation/common';
export * from './validation/account';
export * from './validation/promotion';
export * from './validation/permit';
export * from './validation/permit-save';
export * from './validation/permit-number';
export * from './validation/upload';

export * from './compliance/compliance-notes';
export * from './attachments/attachment-types';
export * from './views/promotion';
export * from './views/applicant';
export * from './validation/applicant-compliance';
export * from './permits/entry-mechanic-presets';
export * from './reminders/messages';
export * from './reminders/reminders';
export * from './wire/messages';
export * from './wire/responses';
export * from './wire/money-fields';
export * from './wire/zod-messages';
export * from './ui/money-input';
export * from './ui/date-display';
export * from './compliance/compliance-sections';
export * from './payments/index';
export * from './admin/messages';
export * from './admin/outstanding';
export * from './admin/views';
export * from './admin/voicemail-messages';
export * from './terms/index';

export * from './draws/algorithm';
export * from './draws/csv-reader';
export * from './draws/canonical-entries';
export * from './draws/masking';
export * from './draws/messages';
export * from './draws/schemas';
export * from './draws/schedule';
export * from './security/messages';
export * from './security/change-password';
export * from './security/safe-href';
export * from './admin/statistics';
export * from './admin/notes-and-tasks';
export * from './format/business-numbers';
export * from './format/phone';
export * from './rules/sources';
export * from './rules/state-rules';
export * from './rules/rule-set-2025-26';
export * from './rules/figures';
export * from './rules/catalogue';
export * from './compliance/state-holidays';
export * from './compliance/obligations';
export * from './rules/messages';
export * from './rules/schemas';
export * from './rules/format-figure';
export * from './rules/edit-text';
export * from './compliance/rule-notes';
export * from './platform/cms-admin';
export * from './security/credentials';
export * from './draws/merkle';
export * from './draws/csv-export';
export * from './status/task-list';
export * from './permits/permit-summary';
export * from './status/locked-screens';
export * from './entries/screening';
export * from './entries/normalise';
export * from './entries/form';
export * from './compliance/retention';
export * from './compliance/reminder-duties';
