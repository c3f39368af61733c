/**
 * The event gallery's swiper (src/components/SwiperGallery.astro loads this after the first paint):
 * swiping, keyboard, the screen-reader labels and the `n/total` counter.
 */
import Swiper from 'swiper';
import { A11y, Keyboard } from 'swiper/modules';

/** Turns every gallery of the page into a swiper. */
export function startGalleries(): void {
  for (const root of document.querySelectorAll<HTMLElement>('[data-swiper-gallery]')) {
    const current = root.querySelector<HTMLElement>('[data-gallery-current]');
    new Swiper(root, {
      modules: [A11y, Keyboard],
      keyboard: { enabled: true, onlyInViewport: true },
      a11y: {
        prevSlideMessage: '이전 사진',
        nextSlideMessage: '다음 사진',
        slideLabelMessage: '{{slidesLength}}장 중 {{index}}번째',
      },
      on: {
        slideChange(swiper) {
          if (current) current.textContent = String(swiper.realIndex + 1);
        },
      },
    });
  }
}
