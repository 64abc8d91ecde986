import * as migration_20261121_204109_init from './20261121_204109_init';
import * as migration_20261121_205228_site_content from './20261121_205228_site_content';
import * as migration_20261123_101835_site_settings_abn from './20261123_101835_site_settings_abn';
import * as migration_20261123_103230_terms_clauses from './20261123_103230_terms_clauses';
import * as migration_20261123_130701_staff_resources from './20261123_130701_staff_resources';
import * as migration_20261125_190500_site_settings_wa_notice_email from './20261125_190500_site_settings_wa_notice_email';
import * as migration_20261125_230000_site_settings_entry_collection_notice from './20261125_230000_site_settings_entry_collection_notice';

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
    name: '20261123_101835_site_settings_abn',
  },
  {
    up: migration_20261123_103230_terms_clauses.up,
    down: migration_20261123_103230_terms_clauses.down,
    name: '20261123_103230_terms_clauses',
  },
  {
    up: migration_20261123_130701_staff_resources.up,
    down: migration_20261123_130701_staff_resources.down,
    name: '20261123_130701_staff_resources'
  },
  {
    up: migration_20261125_190500_site_settings_wa_notice_email.up,
    down: migration_20261125_190500_site_settings_wa_notice_email.down,
    name: '20261125_190500_site_settings_wa_notice_email',
  },
  {
    up: migration_20261125_230000_site_settings_entry_collection_notice.up,
    down: migration_20261125_230000_site_settings_entry_collection_notice.down,
    name: '20261125_230000_site_settings_entry_collection_notice',
  },
];
