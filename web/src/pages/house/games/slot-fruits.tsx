import { useTranslation } from 'react-i18next';
import { SlotGame } from '../solo/SlotGame';

export default function FruitsSlot() {
  const { t } = useTranslation();
  return <SlotGame game="house-slot-fruits" title={t('house_title_slot_fruits')} />;
}
