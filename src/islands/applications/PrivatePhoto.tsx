import { useEffect, useState } from 'react';
import { fetchApplicationPhoto } from '#client/application-api';
import { applicationCopy } from '#lib/copy-applications';
import styles from './applications.module.css';

interface Props {
  applicationId: number;
  index: number;
  alt: string;
}

/**
 * One of an application's photos: the API serves it only with the token, so it is fetched as a blob and
 * shown through an object URL, let go when the photo leaves the page.
 */
export function PrivatePhoto({ applicationId, index, alt }: Props) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchApplicationPhoto(applicationId, index, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('application photo not loaded', err);
        setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [applicationId, index]);
  return (
    <span className={styles['photo']} data-loaded={url !== null}>
      {url ? (
        <img src={url} alt={alt} width={160} height={160} />
      ) : (
        failed && <span className={styles['photoFailed']}>{applicationCopy.inbox.photoFailed}</span>
      )}
    </span>
  );
}
