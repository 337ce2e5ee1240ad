import { useTranslation } from 'react-i18next';
import { SlotGame } from '../solo/SlotGame';

export default function PharaohSlot() {
  const { t } = useTranslation();
  return <SlotGame game="house-slot-pharaoh" title={t('house_title_slot_pharaoh')} />;
}
