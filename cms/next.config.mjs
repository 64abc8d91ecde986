import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The gateway serves Next behind Express on the one public port.
  poweredByHeader: false,
  transpilePackages: ['@permitdesk/shared'],
  typescript: { ignoreBuildErrors: false },
  webpack: (config) => {
    config.resolve.extensionAlias = { '.js': ['.ts', '.tsx', '.js', '.jsx'], '.mjs': ['.mts', '.mjs'] }
    return config
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
