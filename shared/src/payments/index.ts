export * from './messages';
export * from './card';
export * from './bpay';
export * from './invoice';
export * from './schemas';
