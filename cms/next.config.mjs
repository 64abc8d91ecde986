import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The gateway serves Next behind Express on the one public port.
  poweredByHeader: false,
  // Where the build goes, relative to cms/: `.next`, or another directory for a test that builds
  // the admin from nothing beside a checkout's own build (api/src/server/build.ts, issue 29).
  distDir: process.env.CMS_BUILD_DIR || '.next',
  transpilePackages: ['@permitdesk/shared'],
  typescript: { ignoreBuildErrors: false },
  webpack: (config) => {
    config.resolve.extensionAlias = { '.js': ['.ts', '.tsx', '.js', '.jsx'], '.mjs': ['.mts', '.mjs'] }
    return config
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
