import { useId, useState } from 'react';
import { DaumPostcodeEmbed } from 'react-daum-postcode';
import { memberCopy } from '#lib/copy-member';
import type { Address } from '#lib/domain';
import { addressFromPostcode, type PostcodeResult } from '#client/postcode';
import { Modal } from '#islands/Modal';
import styles from './member-styles';

interface Props {
  address: Address | null;
  /** The postcode widget's script (configuration: Daum's, or the local stand-in in demo and tests). */
  scriptUrl: string;
  onChange: (address: Address | null) => void;
}

/** The address search: the postcode widget in a sheet fills sido, sigungu, road and jibun address. */
export function AddressField({ address, scriptUrl, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const t = memberCopy.edit;
  const close = () => setOpen(false);
  return (
    <div className={styles['field']}>
      <span className={styles['label']}>
        {t.address}
        <span className={styles['labelNote']}>{t.addressOptional}</span>
      </span>
      {address ? (
        <div className={styles['addressBox']} data-testid="address">
          <p>
            <span className="sr-only">{t.addressRoad} </span>
            {address.roadAddress}
          </p>
          {address.jibunAddress && (
            <p className={styles['muted']}>
              {t.addressJibun} {address.jibunAddress}
            </p>
          )}
        </div>
      ) : (
        <p className={styles['help']}>{t.addressEmpty}</p>
      )}
      <div className={styles['row']}>
        <button type="button" className={styles['secondary']} onClick={() => setOpen(true)}>
          {address ? t.addressChange : t.addressSearch}
        </button>
        {address && (
          <button type="button" className={styles['linkButton']} onClick={() => onChange(null)}>
            {t.addressClear}
          </button>
        )}
      </div>
      {open && (
        <Modal className={styles['sheet']} aria-labelledby={titleId} onClose={close}>
          <div className={styles['sheetHeader']}>
            <h2 id={titleId}>{t.postcodeTitle}</h2>
            <button type="button" className={styles['small']} aria-label={t.postcodeClose} onClick={close}>
              <span aria-hidden="true">✕</span>
            </button>
          </div>
          <div className={styles['sheetBody']}>
            <DaumPostcodeEmbed
              scriptUrl={scriptUrl}
              className={styles['postcode'] ?? ''}
              style={{ width: '100%', height: '100%' }}
              errorMessage={<p className={styles['error']}>{t.postcodeFailed}</p>}
              onComplete={(result) => {
                onChange(addressFromPostcode(result as PostcodeResult));
                close();
              }}
              onClose={(state) => {
                if (state === 'FORCE_CLOSE') close();
              }}
            />
          </div>
        </Modal>
      )}
    </div>
  );
}
