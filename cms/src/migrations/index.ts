import * as migration_20261121_204109_init from './20261121_204109_init';
import * as migration_20261121_205228_site_content from './20261121_205228_site_content';
import * as migration_20261123_101835_site_settings_abn from './20261123_101835_site_settings_abn';

export const migrations = [
  {
    up: migration_20261121_204109_init.up,
    down: migration_20261121_204109_init.down,
    name: '20261121_204109_init',
  },
  {
    up: migration_20261121_205228_site_content.up,
    down: migration_20261121_205228_site_content.down,
    name: '20261121_205228_site_content',
  },
  {
    up: migration_20261123_101835_site_settings_abn.up,
    down: migration_20261123_101835_site_settings_abn.down,
    name: '20261123_101835_site_settings_abn'
  },
];
