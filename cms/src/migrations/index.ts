import * as migration_20261121_204109_init from './20261121_204109_init';

export const migrations = [
  {
    up: migration_20261121_204109_init.up,
    down: migration_20261121_204109_init.down,
    name: '20261121_204109_init'
  },
];
