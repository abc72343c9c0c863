import { defineConfig } from 'vite';
import { defineRemoteConfig } from '../../shells/shared/remote.vite-config';

export default defineConfig(
  defineRemoteConfig('donor', import.meta.dirname, {
    './CampaignPage': './src/CampaignPage.tsx',
    './FundraiserPage': './src/FundraiserPage.tsx',
    './ReceiptPage': './src/receipt/ReceiptPage.tsx',
    './GiftsPage': './src/gifts/GiftsPage.tsx',
  }),
);
