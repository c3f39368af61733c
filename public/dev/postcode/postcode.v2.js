/* global window, document */
/*
 * Local stand-in for the Daum/Kakao postcode widget (demo mode and tests; offline, same origin).
 * Implements the part of the API that react-daum-postcode uses:
 *   new daum.Postcode({ oncomplete, onclose, onsearch, width, height }).embed(element, { q, autoClose })
 *   new daum.Postcode({ oncomplete, onclose }).open({ q, autoClose })   (a full-screen layer)
 * and answers with the widget's field names: sido, sigungu, address, roadAddress, jibunAddress, zonecode…
 * A few fixed Korean addresses can be searched and picked. No inline styles: the look is postcode.css.
 */
(function () {
  'use strict';

  var ADDRESSES = [
    {
      zonecode: '06236',
      sido: '서울',
      sigungu: '강남구',
      bname: '역삼동',
      roadname: '테헤란로',
      buildingName: '',
      roadAddress: '서울 강남구 테헤란로 152',
      jibunAddress: '서울 강남구 역삼동 737',
    },
    {
      zonecode: '04050',
      sido: '서울',
      sigungu: '마포구',
      bname: '동교동',
      roadname: '양화로',
      buildingName: '',
      roadAddress: '서울 마포구 양화로 160',
      jibunAddress: '서울 마포구 동교동 190-1',
    },
    {
      zonecode: '13529',
      sido: '경기',
      sigungu: '성남시 분당구',
      bname: '백현동',
      roadname: '판교역로',
      buildingName: '',
      roadAddress: '경기 성남시 분당구 판교역로 166',
      jibunAddress: '경기 성남시 분당구 백현동 532',
    },
    {
      zonecode: '48099',
      sido: '부산',
      sigungu: '해운대구',
      bname: '우동',
      roadname: '해운대해변로',
      buildingName: '',
      roadAddress: '부산 해운대구 해운대해변로 264',
      jibunAddress: '부산 해운대구 우동 1394-65',
    },
    {
      zonecode: '63309',
      sido: '제주특별자치도',
      sigungu: '제주시',
      bname: '영평동',
      roadname: '첨단로',
      buildingName: '',
      roadAddress: '제주특별자치도 제주시 첨단로 242',
      jibunAddress: '제주특별자치도 제주시 영평동 2181',
    },
  ];

  var STYLESHEET_ID = 'postcode-standin-css';

  function scriptBase() {
    var current = document.currentScript;
    var src = (current && current.src) || '/dev/postcode/postcode.v2.js';
    return src.replace(/[^/]*$/, '');
  }
  var base = scriptBase();

  function ensureStylesheet() {
    if (document.getElementById(STYLESHEET_ID)) return;
    var link = document.createElement('link');
    link.id = STYLESHEET_ID;
    link.rel = 'stylesheet';
    link.href = base + 'postcode.css';
    document.head.appendChild(link);
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function answer(item, query) {
    return {
      zonecode: item.zonecode,
      address: item.roadAddress,
      addressEnglish: '',
      addressType: 'R',
      userSelectedType: 'R',
      noSelected: 'N',
      userLanguageType: 'K',
      roadAddress: item.roadAddress,
      roadAddressEnglish: '',
      jibunAddress: item.jibunAddress,
      jibunAddressEnglish: '',
      autoRoadAddress: '',
      autoRoadAddressEnglish: '',
      autoJibunAddress: '',
      autoJibunAddressEnglish: '',
      buildingCode: '',
      buildingName: item.buildingName,
      apartment: 'N',
      sido: item.sido,
      sidoEnglish: '',
      sigungu: item.sigungu,
      sigunguEnglish: '',
      sigunguCode: '',
      roadnameCode: '',
      bcode: '',
      roadname: item.roadname,
      roadnameEnglish: '',
      bname: item.bname,
      bnameEnglish: '',
      bname1: '',
      bname1English: '',
      bname2: item.bname,
      bname2English: '',
      hname: '',
      query: query || '',
    };
  }

  var seq = 0;

  function Postcode(options) {
    if (!(this instanceof Postcode)) return new Postcode(options);
    this.options = options || {};
  }

  /** Renders the picker into `host`; `finish(state)` tears it down. */
  Postcode.prototype._render = function (host, query, autoClose, finish) {
    var opts = this.options;
    ensureStylesheet();
    var id = 'postcode-standin-' + ++seq;
    var root = el('div', 'postcode-standin');
    root.setAttribute('data-postcode-standin', '');

    var form = el('form', 'postcode-standin__search');
    form.setAttribute('role', 'search');
    var label = el('label', 'postcode-standin__label', '도로명, 건물명, 지번으로 검색');
    label.htmlFor = id + '-q';
    var input = el('input', 'postcode-standin__input');
    input.id = id + '-q';
    input.type = 'search';
    input.placeholder = '예) 테헤란로 152, 역삼동 737';
    input.value = query || '';
    var submit = el('button', 'postcode-standin__submit', '검색');
    submit.type = 'submit';
    form.appendChild(label);
    form.appendChild(input);
    form.appendChild(submit);

    var note = el('p', 'postcode-standin__note', '데모용 주소 검색입니다. 아래 주소 중 하나를 선택해 주세요.');
    var list = el('ul', 'postcode-standin__list');
    list.setAttribute('aria-label', '검색 결과');

    function show() {
      var q = input.value.trim();
      while (list.firstChild) list.removeChild(list.firstChild);
      var found = ADDRESSES.filter(function (a) {
        return !q || a.roadAddress.indexOf(q) >= 0 || a.jibunAddress.indexOf(q) >= 0;
      });
      if (typeof opts.onsearch === 'function') opts.onsearch({ q: q, count: found.length });
      if (found.length === 0) {
        list.appendChild(el('li', 'postcode-standin__empty', '검색 결과가 없어요.'));
        return;
      }
      found.forEach(function (item) {
        var li = el('li');
        var button = el('button', 'postcode-standin__item');
        button.type = 'button';
        button.appendChild(el('span', 'postcode-standin__zone', item.zonecode));
        button.appendChild(el('span', 'postcode-standin__road', item.roadAddress));
        button.appendChild(el('span', 'postcode-standin__jibun', '지번 ' + item.jibunAddress));
        button.addEventListener('click', function () {
          if (typeof opts.oncomplete === 'function') opts.oncomplete(answer(item, q));
          if (autoClose !== false) finish('COMPLETE_CLOSE');
        });
        li.appendChild(button);
        list.appendChild(li);
      });
    }

    form.addEventListener('submit', function (e) {
      e.preventDefault();
      show();
    });
    root.appendChild(form);
    root.appendChild(note);
    root.appendChild(list);
    host.appendChild(root);
    show();
    return root;
  };

  Postcode.prototype.embed = function (element, embedOptions) {
    var o = embedOptions || {};
    var opts = this.options;
    var root = null;
    var finish = function (state) {
      if (root && root.parentNode) root.parentNode.removeChild(root);
      if (typeof opts.onclose === 'function') opts.onclose(state);
    };
    root = this._render(element, o.q, o.autoClose, finish);
  };

  Postcode.prototype.open = function (openOptions) {
    var o = openOptions || {};
    var opts = this.options;
    ensureStylesheet();
    var layer = el('div', 'postcode-standin-layer');
    var panel = el('div', 'postcode-standin-layer__panel');
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'true');
    panel.setAttribute('aria-label', o.popupTitle || '주소 검색');
    var close = el('button', 'postcode-standin-layer__close', '닫기');
    close.type = 'button';
    panel.appendChild(close);
    layer.appendChild(panel);
    document.body.appendChild(layer);
    var finish = function (state) {
      if (layer.parentNode) layer.parentNode.removeChild(layer);
      if (typeof opts.onclose === 'function') opts.onclose(state);
    };
    close.addEventListener('click', function () {
      finish('FORCE_CLOSE');
    });
    this._render(panel, o.q, o.autoClose, finish);
  };

  var api = {
    Postcode: Postcode,
    postcode: {
      version: 'stand-in',
      _validParam_: true,
      load: function (fn) {
        fn();
      },
    },
  };
  window.daum = window.daum || {};
  window.daum.Postcode = Postcode;
  window.daum.postcode = api.postcode;
  window.kakao = window.kakao || {};
  window.kakao.Postcode = Postcode;
  window.kakao.postcode = api.postcode;
})();
