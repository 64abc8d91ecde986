export * from './instance'
