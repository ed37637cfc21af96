window.BENCHMARK_DATA = {
  "lastUpdate": 1764807180000,
  "repoUrl": "https://github.com/httpclientbench/httpclientbench",
  "entries": {
    "httpclientbench (smaller is better)": [
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "1111111aaaaaaa",
          "message": "Core suite",
          "timestamp": "2026-11-28T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/1111111aaaaaaa"
        },
        "date": 1764460800000,
        "tool": "customSmallerIsBetter",
        "benches": [
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "ns/op",
            "value": 40600.0,
            "range": "\u00b1 4665",
            "extra": "median of 6; min 37000, max 45270; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "B/op",
            "value": 5150.0,
            "range": "\u00b1 4.5",
            "extra": "median of 6; min 5145, max 5154; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "allocs/op",
            "value": 59.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 59, max 59; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "ns/op",
            "value": 17560.0,
            "range": "\u00b1 2172",
            "extra": "median of 6; min 16780, max 19740; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "ns/op",
            "value": 16330.8,
            "range": "\u00b1 2172",
            "extra": "median of 6; min 16780, max 19740; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "ns/op",
            "value": 46350.0,
            "range": "\u00b1 4318",
            "extra": "median of 6; min 42030, max 48260; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "ns/op",
            "value": 48204.0,
            "range": "\u00b1 4318",
            "extra": "median of 6; min 42030, max 48260; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "B/op",
            "value": 7299.0,
            "range": "\u00b1 5",
            "extra": "median of 6; min 7298, max 7304; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "B/op",
            "value": 7299.0,
            "range": "\u00b1 5",
            "extra": "median of 6; min 7298, max 7304; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "allocs/op",
            "value": 75.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "allocs/op",
            "value": 75.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "ns/op",
            "value": 40910.0,
            "range": "\u00b1 4874",
            "extra": "median of 6; min 36430, max 45780; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "B/op",
            "value": 5176.0,
            "range": "\u00b1 13.5",
            "extra": "median of 6; min 5173, max 5189; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "allocs/op",
            "value": 60.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 60, max 60; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "ns/op",
            "value": 17430.0,
            "range": "\u00b1 2411",
            "extra": "median of 6; min 16260, max 19840; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "ns/op",
            "value": 91580.0,
            "range": "\u00b1 5022",
            "extra": "median of 6; min 86560, max 96170; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "B/op",
            "value": 142800.0,
            "range": "\u00b1 5",
            "extra": "median of 6; min 142800, max 142800; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "allocs/op",
            "value": 74.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 74, max 74; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "ns/op",
            "value": 29120.0,
            "range": "\u00b1 3838",
            "extra": "median of 6; min 28380, max 32960; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "ns/op",
            "value": 27081.6,
            "range": "\u00b1 3838",
            "extra": "median of 6; min 28380, max 32960; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "ns/op",
            "value": 111500.0,
            "range": "\u00b1 5868",
            "extra": "median of 6; min 107500, max 117300; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "ns/op",
            "value": 115960.0,
            "range": "\u00b1 5868",
            "extra": "median of 6; min 107500, max 117300; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "B/op",
            "value": 144900.0,
            "range": "\u00b1 32",
            "extra": "median of 6; min 144900, max 145000; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "B/op",
            "value": 144900.0,
            "range": "\u00b1 32",
            "extra": "median of 6; min 144900, max 145000; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "allocs/op",
            "value": 90.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 90, max 90; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "allocs/op",
            "value": 90.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 90, max 90; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "ns/op",
            "value": 98530.0,
            "range": "\u00b1 9385",
            "extra": "median of 6; min 92550, max 107900; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "B/op",
            "value": 142800.0,
            "range": "\u00b1 7",
            "extra": "median of 6; min 142800, max 142800; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "allocs/op",
            "value": 75.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "ns/op",
            "value": 29490.0,
            "range": "\u00b1 2437",
            "extra": "median of 6; min 27870, max 31920; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "ns/op",
            "value": 13540.0,
            "range": "\u00b1 450",
            "extra": "median of 6; min 13290, max 13990; GOMAXPROCS=2"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          }
        ]
      },
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "2222222bbbbbbb",
          "message": "HTTP/2 presets",
          "timestamp": "2026-11-28T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/2222222bbbbbbb"
        },
        "date": 1764547200000,
        "tool": "customSmallerIsBetter",
        "benches": [
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "ns/op",
            "value": 42630.0,
            "range": "\u00b1 4665",
            "extra": "median of 6; min 37000, max 45270; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "B/op",
            "value": 5407.5,
            "range": "\u00b1 4.5",
            "extra": "median of 6; min 5145, max 5154; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "allocs/op",
            "value": 61.95,
            "range": "\u00b1 0",
            "extra": "median of 6; min 59, max 59; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "ns/op",
            "value": 18438.0,
            "range": "\u00b1 2172",
            "extra": "median of 6; min 16780, max 19740; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "ns/op",
            "value": 17147.3,
            "range": "\u00b1 2172",
            "extra": "median of 6; min 16780, max 19740; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "ns/op",
            "value": 48667.5,
            "range": "\u00b1 4318",
            "extra": "median of 6; min 42030, max 48260; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "ns/op",
            "value": 50614.2,
            "range": "\u00b1 4318",
            "extra": "median of 6; min 42030, max 48260; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "B/op",
            "value": 7663.95,
            "range": "\u00b1 5",
            "extra": "median of 6; min 7298, max 7304; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "B/op",
            "value": 7663.95,
            "range": "\u00b1 5",
            "extra": "median of 6; min 7298, max 7304; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "allocs/op",
            "value": 78.75,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "allocs/op",
            "value": 78.75,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "ns/op",
            "value": 42955.5,
            "range": "\u00b1 4874",
            "extra": "median of 6; min 36430, max 45780; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "B/op",
            "value": 5434.8,
            "range": "\u00b1 13.5",
            "extra": "median of 6; min 5173, max 5189; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "allocs/op",
            "value": 63.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 60, max 60; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "ns/op",
            "value": 18301.5,
            "range": "\u00b1 2411",
            "extra": "median of 6; min 16260, max 19840; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "ns/op",
            "value": 96159.0,
            "range": "\u00b1 5022",
            "extra": "median of 6; min 86560, max 96170; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "B/op",
            "value": 149940.0,
            "range": "\u00b1 5",
            "extra": "median of 6; min 142800, max 142800; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "allocs/op",
            "value": 77.7,
            "range": "\u00b1 0",
            "extra": "median of 6; min 74, max 74; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "ns/op",
            "value": 30576.0,
            "range": "\u00b1 3838",
            "extra": "median of 6; min 28380, max 32960; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "ns/op",
            "value": 28435.7,
            "range": "\u00b1 3838",
            "extra": "median of 6; min 28380, max 32960; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "ns/op",
            "value": 117075.0,
            "range": "\u00b1 5868",
            "extra": "median of 6; min 107500, max 117300; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "ns/op",
            "value": 121758.0,
            "range": "\u00b1 5868",
            "extra": "median of 6; min 107500, max 117300; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "B/op",
            "value": 152145.0,
            "range": "\u00b1 32",
            "extra": "median of 6; min 144900, max 145000; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "B/op",
            "value": 152145.0,
            "range": "\u00b1 32",
            "extra": "median of 6; min 144900, max 145000; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "allocs/op",
            "value": 94.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 90, max 90; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "allocs/op",
            "value": 94.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 90, max 90; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "ns/op",
            "value": 103456.5,
            "range": "\u00b1 9385",
            "extra": "median of 6; min 92550, max 107900; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "B/op",
            "value": 149940.0,
            "range": "\u00b1 7",
            "extra": "median of 6; min 142800, max 142800; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "allocs/op",
            "value": 78.75,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "ns/op",
            "value": 30964.5,
            "range": "\u00b1 2437",
            "extra": "median of 6; min 27870, max 31920; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "ns/op",
            "value": 14217.0,
            "range": "\u00b1 450",
            "extra": "median of 6; min 13290, max 13990; GOMAXPROCS=2"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "ns/op",
            "value": 77143.5,
            "range": "\u00b1 15070",
            "extra": "median of 6; min 68700, max 88540; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "B/op",
            "value": 10014.9,
            "range": "\u00b1 2",
            "extra": "median of 6; min 9537, max 9540; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "allocs/op",
            "value": 97.65,
            "range": "\u00b1 0",
            "extra": "median of 6; min 93, max 93; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "ns/op",
            "value": 74035.5,
            "range": "\u00b1 3871",
            "extra": "median of 6; min 67720, max 74380; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "B/op",
            "value": 10018.05,
            "range": "\u00b1 2.5",
            "extra": "median of 6; min 9540, max 9543; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "allocs/op",
            "value": 98.7,
            "range": "\u00b1 0",
            "extra": "median of 6; min 94, max 94; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "ns/op",
            "value": 93733.5,
            "range": "\u00b1 5995",
            "extra": "median of 6; min 84080, max 95270; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "B/op",
            "value": 12274.5,
            "range": "\u00b1 2.5",
            "extra": "median of 6; min 11690, max 11690; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "allocs/op",
            "value": 114.45,
            "range": "\u00b1 0",
            "extra": "median of 6; min 109, max 109; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "ns/op",
            "value": 75768.0,
            "range": "\u00b1 11080",
            "extra": "median of 6; min 64880, max 83240; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "B/op",
            "value": 10040.1,
            "range": "\u00b1 1",
            "extra": "median of 6; min 9561, max 9563; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "allocs/op",
            "value": 98.7,
            "range": "\u00b1 0",
            "extra": "median of 6; min 94, max 94; GOMAXPROCS=2"
          }
        ]
      },
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "3333333ccccccc",
          "message": "Feature scenarios",
          "timestamp": "2026-11-28T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/3333333ccccccc"
        },
        "date": 1764633600000,
        "tool": "customSmallerIsBetter",
        "benches": [
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "ns/op",
            "value": 44660.0,
            "range": "\u00b1 4665",
            "extra": "median of 6; min 37000, max 45270; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "B/op",
            "value": 5665.0,
            "range": "\u00b1 4.5",
            "extra": "median of 6; min 5145, max 5154; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "allocs/op",
            "value": 64.9,
            "range": "\u00b1 0",
            "extra": "median of 6; min 59, max 59; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "ns/op",
            "value": 19316.0,
            "range": "\u00b1 2172",
            "extra": "median of 6; min 16780, max 19740; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "ns/op",
            "value": 17963.9,
            "range": "\u00b1 2172",
            "extra": "median of 6; min 16780, max 19740; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "ns/op",
            "value": 50985.0,
            "range": "\u00b1 4318",
            "extra": "median of 6; min 42030, max 48260; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "ns/op",
            "value": 53024.4,
            "range": "\u00b1 4318",
            "extra": "median of 6; min 42030, max 48260; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "B/op",
            "value": 8028.9,
            "range": "\u00b1 5",
            "extra": "median of 6; min 7298, max 7304; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "B/op",
            "value": 8028.9,
            "range": "\u00b1 5",
            "extra": "median of 6; min 7298, max 7304; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "allocs/op",
            "value": 82.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "allocs/op",
            "value": 82.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "ns/op",
            "value": 45001.0,
            "range": "\u00b1 4874",
            "extra": "median of 6; min 36430, max 45780; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "B/op",
            "value": 5693.6,
            "range": "\u00b1 13.5",
            "extra": "median of 6; min 5173, max 5189; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "allocs/op",
            "value": 66.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 60, max 60; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "ns/op",
            "value": 19173.0,
            "range": "\u00b1 2411",
            "extra": "median of 6; min 16260, max 19840; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "ns/op",
            "value": 100738.0,
            "range": "\u00b1 5022",
            "extra": "median of 6; min 86560, max 96170; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "B/op",
            "value": 157080.0,
            "range": "\u00b1 5",
            "extra": "median of 6; min 142800, max 142800; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "allocs/op",
            "value": 81.4,
            "range": "\u00b1 0",
            "extra": "median of 6; min 74, max 74; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "ns/op",
            "value": 32032.0,
            "range": "\u00b1 3838",
            "extra": "median of 6; min 28380, max 32960; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "ns/op",
            "value": 29789.8,
            "range": "\u00b1 3838",
            "extra": "median of 6; min 28380, max 32960; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "ns/op",
            "value": 122650.0,
            "range": "\u00b1 5868",
            "extra": "median of 6; min 107500, max 117300; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "ns/op",
            "value": 127556.0,
            "range": "\u00b1 5868",
            "extra": "median of 6; min 107500, max 117300; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "B/op",
            "value": 159390.0,
            "range": "\u00b1 32",
            "extra": "median of 6; min 144900, max 145000; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "B/op",
            "value": 159390.0,
            "range": "\u00b1 32",
            "extra": "median of 6; min 144900, max 145000; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "allocs/op",
            "value": 99.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 90, max 90; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "allocs/op",
            "value": 99.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 90, max 90; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "ns/op",
            "value": 108383.0,
            "range": "\u00b1 9385",
            "extra": "median of 6; min 92550, max 107900; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "B/op",
            "value": 157080.0,
            "range": "\u00b1 7",
            "extra": "median of 6; min 142800, max 142800; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "allocs/op",
            "value": 82.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "ns/op",
            "value": 32439.0,
            "range": "\u00b1 2437",
            "extra": "median of 6; min 27870, max 31920; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "ns/op",
            "value": 14894.0,
            "range": "\u00b1 450",
            "extra": "median of 6; min 13290, max 13990; GOMAXPROCS=2"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "ns/op",
            "value": 80817.0,
            "range": "\u00b1 15070",
            "extra": "median of 6; min 68700, max 88540; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "B/op",
            "value": 10491.8,
            "range": "\u00b1 2",
            "extra": "median of 6; min 9537, max 9540; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "allocs/op",
            "value": 102.3,
            "range": "\u00b1 0",
            "extra": "median of 6; min 93, max 93; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "ns/op",
            "value": 77561.0,
            "range": "\u00b1 3871",
            "extra": "median of 6; min 67720, max 74380; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "B/op",
            "value": 10495.1,
            "range": "\u00b1 2.5",
            "extra": "median of 6; min 9540, max 9543; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "allocs/op",
            "value": 103.4,
            "range": "\u00b1 0",
            "extra": "median of 6; min 94, max 94; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "ns/op",
            "value": 98197.0,
            "range": "\u00b1 5995",
            "extra": "median of 6; min 84080, max 95270; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "B/op",
            "value": 12859.0,
            "range": "\u00b1 2.5",
            "extra": "median of 6; min 11690, max 11690; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "allocs/op",
            "value": 119.9,
            "range": "\u00b1 0",
            "extra": "median of 6; min 109, max 109; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "ns/op",
            "value": 79376.0,
            "range": "\u00b1 11080",
            "extra": "median of 6; min 64880, max 83240; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "B/op",
            "value": 10518.2,
            "range": "\u00b1 1",
            "extra": "median of 6; min 9561, max 9563; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "allocs/op",
            "value": 103.4,
            "range": "\u00b1 0",
            "extra": "median of 6; min 94, max 94; GOMAXPROCS=2"
          }
        ]
      },
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "3333333ccccccc",
          "message": "Feature scenarios",
          "timestamp": "2026-11-28T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/3333333ccccccc"
        },
        "date": 1764720000000,
        "tool": "customSmallerIsBetter",
        "benches": [
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "ns/op",
            "value": 133980.0,
            "range": "\u00b1 4665",
            "extra": "median of 6; min 37000, max 45270; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "B/op",
            "value": 16995.0,
            "range": "\u00b1 4.5",
            "extra": "median of 6; min 5145, max 5154; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "allocs/op",
            "value": 194.7,
            "range": "\u00b1 0",
            "extra": "median of 6; min 59, max 59; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "ns/op",
            "value": 57948.0,
            "range": "\u00b1 2172",
            "extra": "median of 6; min 16780, max 19740; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "ns/op",
            "value": 53891.6,
            "range": "\u00b1 2172",
            "extra": "median of 6; min 16780, max 19740; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "ns/op",
            "value": 152955.0,
            "range": "\u00b1 4318",
            "extra": "median of 6; min 42030, max 48260; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "ns/op",
            "value": 159073.2,
            "range": "\u00b1 4318",
            "extra": "median of 6; min 42030, max 48260; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "B/op",
            "value": 24086.7,
            "range": "\u00b1 5",
            "extra": "median of 6; min 7298, max 7304; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "B/op",
            "value": 24086.7,
            "range": "\u00b1 5",
            "extra": "median of 6; min 7298, max 7304; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "allocs/op",
            "value": 247.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "allocs/op",
            "value": 247.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "ns/op",
            "value": 135003.0,
            "range": "\u00b1 4874",
            "extra": "median of 6; min 36430, max 45780; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "B/op",
            "value": 17080.8,
            "range": "\u00b1 13.5",
            "extra": "median of 6; min 5173, max 5189; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "allocs/op",
            "value": 198.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 60, max 60; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "ns/op",
            "value": 57519.0,
            "range": "\u00b1 2411",
            "extra": "median of 6; min 16260, max 19840; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "ns/op",
            "value": 302214.0,
            "range": "\u00b1 5022",
            "extra": "median of 6; min 86560, max 96170; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "B/op",
            "value": 471240.0,
            "range": "\u00b1 5",
            "extra": "median of 6; min 142800, max 142800; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "allocs/op",
            "value": 244.2,
            "range": "\u00b1 0",
            "extra": "median of 6; min 74, max 74; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "ns/op",
            "value": 96096.0,
            "range": "\u00b1 3838",
            "extra": "median of 6; min 28380, max 32960; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "ns/op",
            "value": 89369.3,
            "range": "\u00b1 3838",
            "extra": "median of 6; min 28380, max 32960; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "ns/op",
            "value": 367950.0,
            "range": "\u00b1 5868",
            "extra": "median of 6; min 107500, max 117300; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "ns/op",
            "value": 382668.0,
            "range": "\u00b1 5868",
            "extra": "median of 6; min 107500, max 117300; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "B/op",
            "value": 478170.0,
            "range": "\u00b1 32",
            "extra": "median of 6; min 144900, max 145000; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "B/op",
            "value": 478170.0,
            "range": "\u00b1 32",
            "extra": "median of 6; min 144900, max 145000; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "allocs/op",
            "value": 297.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 90, max 90; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "allocs/op",
            "value": 297.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 90, max 90; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "ns/op",
            "value": 325149.0,
            "range": "\u00b1 9385",
            "extra": "median of 6; min 92550, max 107900; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "B/op",
            "value": 471240.0,
            "range": "\u00b1 7",
            "extra": "median of 6; min 142800, max 142800; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "allocs/op",
            "value": 247.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "ns/op",
            "value": 97317.0,
            "range": "\u00b1 2437",
            "extra": "median of 6; min 27870, max 31920; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "ns/op",
            "value": 44682.0,
            "range": "\u00b1 450",
            "extra": "median of 6; min 13290, max 13990; GOMAXPROCS=2"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "ns/op",
            "value": 242451.0,
            "range": "\u00b1 15070",
            "extra": "median of 6; min 68700, max 88540; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "B/op",
            "value": 31475.4,
            "range": "\u00b1 2",
            "extra": "median of 6; min 9537, max 9540; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "allocs/op",
            "value": 306.9,
            "range": "\u00b1 0",
            "extra": "median of 6; min 93, max 93; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "ns/op",
            "value": 232683.0,
            "range": "\u00b1 3871",
            "extra": "median of 6; min 67720, max 74380; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "B/op",
            "value": 31485.3,
            "range": "\u00b1 2.5",
            "extra": "median of 6; min 9540, max 9543; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "allocs/op",
            "value": 310.2,
            "range": "\u00b1 0",
            "extra": "median of 6; min 94, max 94; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "ns/op",
            "value": 294591.0,
            "range": "\u00b1 5995",
            "extra": "median of 6; min 84080, max 95270; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "B/op",
            "value": 38577.0,
            "range": "\u00b1 2.5",
            "extra": "median of 6; min 11690, max 11690; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "allocs/op",
            "value": 359.7,
            "range": "\u00b1 0",
            "extra": "median of 6; min 109, max 109; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "ns/op",
            "value": 238128.0,
            "range": "\u00b1 11080",
            "extra": "median of 6; min 64880, max 83240; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "B/op",
            "value": 31554.6,
            "range": "\u00b1 1",
            "extra": "median of 6; min 9561, max 9563; GOMAXPROCS=2"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "allocs/op",
            "value": 310.2,
            "range": "\u00b1 0",
            "extra": "median of 6; min 94, max 94; GOMAXPROCS=2"
          }
        ]
      }
    ],
    "httpclientbench (bigger is better)": [
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "1111111aaaaaaa",
          "message": "Core suite",
          "timestamp": "2026-11-28T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/1111111aaaaaaa"
        },
        "date": 1764460800000,
        "tool": "customBiggerIsBetter",
        "benches": [
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "MB/s",
            "value": 715.6,
            "range": "\u00b1 41.51",
            "extra": "median of 6; min 681.4, max 757.1; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "MB/s",
            "value": 2251.0,
            "range": "\u00b1 262.3",
            "extra": "median of 6; min 1988, max 2309; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "MB/s",
            "value": 2420.4,
            "range": "\u00b1 262.3",
            "extra": "median of 6; min 1988, max 2309; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "MB/s",
            "value": 588.1,
            "range": "\u00b1 29.45",
            "extra": "median of 6; min 558.6, max 609.7; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "MB/s",
            "value": 565.5,
            "range": "\u00b1 29.45",
            "extra": "median of 6; min 558.6, max 609.7; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "MB/s",
            "value": 665.3,
            "range": "\u00b1 58.02",
            "extra": "median of 6; min 607.3, max 708.1; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "MB/s",
            "value": 2224.0,
            "range": "\u00b1 170.8",
            "extra": "median of 6; min 2053, max 2352; GOMAXPROCS=2"
          }
        ]
      },
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "2222222bbbbbbb",
          "message": "HTTP/2 presets",
          "timestamp": "2026-11-28T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/2222222bbbbbbb"
        },
        "date": 1764547200000,
        "tool": "customBiggerIsBetter",
        "benches": [
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "MB/s",
            "value": 681.52,
            "range": "\u00b1 41.51",
            "extra": "median of 6; min 681.4, max 757.1; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "MB/s",
            "value": 2143.81,
            "range": "\u00b1 262.3",
            "extra": "median of 6; min 1988, max 2309; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "MB/s",
            "value": 2305.2,
            "range": "\u00b1 262.3",
            "extra": "median of 6; min 1988, max 2309; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "MB/s",
            "value": 560.1,
            "range": "\u00b1 29.45",
            "extra": "median of 6; min 558.6, max 609.7; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "MB/s",
            "value": 538.6,
            "range": "\u00b1 29.45",
            "extra": "median of 6; min 558.6, max 609.7; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "MB/s",
            "value": 633.62,
            "range": "\u00b1 58.02",
            "extra": "median of 6; min 607.3, max 708.1; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "MB/s",
            "value": 2118.1,
            "range": "\u00b1 170.8",
            "extra": "median of 6; min 2053, max 2352; GOMAXPROCS=2"
          }
        ]
      },
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "3333333ccccccc",
          "message": "Feature scenarios",
          "timestamp": "2026-11-28T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/3333333ccccccc"
        },
        "date": 1764633600000,
        "tool": "customBiggerIsBetter",
        "benches": [
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "MB/s",
            "value": 650.55,
            "range": "\u00b1 41.51",
            "extra": "median of 6; min 681.4, max 757.1; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "MB/s",
            "value": 2046.36,
            "range": "\u00b1 262.3",
            "extra": "median of 6; min 1988, max 2309; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "MB/s",
            "value": 2200.4,
            "range": "\u00b1 262.3",
            "extra": "median of 6; min 1988, max 2309; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "MB/s",
            "value": 534.64,
            "range": "\u00b1 29.45",
            "extra": "median of 6; min 558.6, max 609.7; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "MB/s",
            "value": 514.1,
            "range": "\u00b1 29.45",
            "extra": "median of 6; min 558.6, max 609.7; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "MB/s",
            "value": 604.82,
            "range": "\u00b1 58.02",
            "extra": "median of 6; min 607.3, max 708.1; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "MB/s",
            "value": 2021.82,
            "range": "\u00b1 170.8",
            "extra": "median of 6; min 2053, max 2352; GOMAXPROCS=2"
          }
        ]
      },
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "3333333ccccccc",
          "message": "Feature scenarios",
          "timestamp": "2026-11-28T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/3333333ccccccc"
        },
        "date": 1764720000000,
        "tool": "customBiggerIsBetter",
        "benches": [
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "MB/s",
            "value": 1951.65,
            "range": "\u00b1 41.51",
            "extra": "median of 6; min 681.4, max 757.1; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "MB/s",
            "value": 6139.08,
            "range": "\u00b1 262.3",
            "extra": "median of 6; min 1988, max 2309; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "MB/s",
            "value": 6601.2,
            "range": "\u00b1 262.3",
            "extra": "median of 6; min 1988, max 2309; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "MB/s",
            "value": 1603.92,
            "range": "\u00b1 29.45",
            "extra": "median of 6; min 558.6, max 609.7; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "MB/s",
            "value": 1542.2,
            "range": "\u00b1 29.45",
            "extra": "median of 6; min 558.6, max 609.7; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "MB/s",
            "value": 1814.46,
            "range": "\u00b1 58.02",
            "extra": "median of 6; min 607.3, max 708.1; GOMAXPROCS=2"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "MB/s",
            "value": 6065.46,
            "range": "\u00b1 170.8",
            "extra": "median of 6; min 2053, max 2352; GOMAXPROCS=2"
          }
        ]
      }
    ],
    "httpclientbench time (smaller is better)": [
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "4444444dddddd",
          "message": "Stores split by unit; run ids",
          "timestamp": "2026-12-02T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/4444444dddddd"
        },
        "date": 1764806400000,
        "tool": "customSmallerIsBetter",
        "benches": [
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "ns/op",
            "value": 136659.6,
            "range": "\u00b1 4665",
            "extra": "median of 6; min 37000, max 45270; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "ns/op",
            "value": 59107.0,
            "range": "\u00b1 2172",
            "extra": "median of 6; min 16780, max 19740; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "ns/op",
            "value": 54969.5,
            "range": "\u00b1 2172",
            "extra": "median of 6; min 16780, max 19740; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "ns/op",
            "value": 156014.1,
            "range": "\u00b1 4318",
            "extra": "median of 6; min 42030, max 48260; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "ns/op",
            "value": 162254.7,
            "range": "\u00b1 4318",
            "extra": "median of 6; min 42030, max 48260; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "ns/op",
            "value": 137703.1,
            "range": "\u00b1 4874",
            "extra": "median of 6; min 36430, max 45780; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "ns/op",
            "value": 58669.4,
            "range": "\u00b1 2411",
            "extra": "median of 6; min 16260, max 19840; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "ns/op",
            "value": 308258.3,
            "range": "\u00b1 5022",
            "extra": "median of 6; min 86560, max 96170; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "ns/op",
            "value": 98017.9,
            "range": "\u00b1 3838",
            "extra": "median of 6; min 28380, max 32960; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "ns/op",
            "value": 91156.6,
            "range": "\u00b1 3838",
            "extra": "median of 6; min 28380, max 32960; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "ns/op",
            "value": 375309.0,
            "range": "\u00b1 5868",
            "extra": "median of 6; min 107500, max 117300; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "ns/op",
            "value": 390321.4,
            "range": "\u00b1 5868",
            "extra": "median of 6; min 107500, max 117300; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "ns/op",
            "value": 331652.0,
            "range": "\u00b1 9385",
            "extra": "median of 6; min 92550, max 107900; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "ns/op",
            "value": 99263.3,
            "range": "\u00b1 2437",
            "extra": "median of 6; min 27870, max 31920; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "ns/op",
            "value": 45575.6,
            "range": "\u00b1 450",
            "extra": "median of 6; min 13290, max 13990; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "ns/op",
            "value": 247300.0,
            "range": "\u00b1 15070",
            "extra": "median of 6; min 68700, max 88540; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "ns/op",
            "value": 237336.7,
            "range": "\u00b1 3871",
            "extra": "median of 6; min 67720, max 74380; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "ns/op",
            "value": 300482.8,
            "range": "\u00b1 5995",
            "extra": "median of 6; min 84080, max 95270; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "ns/op",
            "value": 242890.6,
            "range": "\u00b1 11080",
            "extra": "median of 6; min 64880, max 83240; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "internal/demo.Decode/size=1KiB/client=nethttp",
            "unit": "ns/op",
            "value": 52000.0,
            "range": "\u00b1 3%",
            "extra": "median of 6; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "TLSHandshake/proto=h1/resume=on/client=nethttp",
            "unit": "ns/op",
            "value": 1290000.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "TLSHandshake/proto=h1/resume=on/client=fasthttp",
            "unit": "ns/op",
            "value": 1080000.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "TLSHandshake/proto=h3/resume=on/client=http3",
            "unit": "ns/op",
            "value": 1420000.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=501-1"
          }
        ]
      },
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "4444444dddddd",
          "message": "Stores split by unit; run ids",
          "timestamp": "2026-12-02T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/4444444dddddd"
        },
        "date": 1764807000000,
        "tool": "customSmallerIsBetter",
        "benches": [
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "ns/op",
            "value": 131300.4,
            "range": "\u00b1 4665",
            "extra": "median of 6; min 37000, max 45270; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "ns/op",
            "value": 56789.0,
            "range": "\u00b1 2172",
            "extra": "median of 6; min 16780, max 19740; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "ns/op",
            "value": 52813.8,
            "range": "\u00b1 2172",
            "extra": "median of 6; min 16780, max 19740; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "ns/op",
            "value": 149895.9,
            "range": "\u00b1 4318",
            "extra": "median of 6; min 42030, max 48260; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "ns/op",
            "value": 155891.7,
            "range": "\u00b1 4318",
            "extra": "median of 6; min 42030, max 48260; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "ns/op",
            "value": 132302.9,
            "range": "\u00b1 4874",
            "extra": "median of 6; min 36430, max 45780; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "ns/op",
            "value": 56368.6,
            "range": "\u00b1 2411",
            "extra": "median of 6; min 16260, max 19840; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "ns/op",
            "value": 296169.7,
            "range": "\u00b1 5022",
            "extra": "median of 6; min 86560, max 96170; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "ns/op",
            "value": 94174.1,
            "range": "\u00b1 3838",
            "extra": "median of 6; min 28380, max 32960; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "ns/op",
            "value": 87581.9,
            "range": "\u00b1 3838",
            "extra": "median of 6; min 28380, max 32960; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "ns/op",
            "value": 360591.0,
            "range": "\u00b1 5868",
            "extra": "median of 6; min 107500, max 117300; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "ns/op",
            "value": 375014.6,
            "range": "\u00b1 5868",
            "extra": "median of 6; min 107500, max 117300; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "ns/op",
            "value": 318646.0,
            "range": "\u00b1 9385",
            "extra": "median of 6; min 92550, max 107900; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "ns/op",
            "value": 95370.7,
            "range": "\u00b1 2437",
            "extra": "median of 6; min 27870, max 31920; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "ns/op",
            "value": 43788.4,
            "range": "\u00b1 450",
            "extra": "median of 6; min 13290, max 13990; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "ns/op",
            "value": 237602.0,
            "range": "\u00b1 15070",
            "extra": "median of 6; min 68700, max 88540; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "ns/op",
            "value": 228029.3,
            "range": "\u00b1 3871",
            "extra": "median of 6; min 67720, max 74380; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "ns/op",
            "value": 288699.2,
            "range": "\u00b1 5995",
            "extra": "median of 6; min 84080, max 95270; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "ns/op",
            "value": 233365.4,
            "range": "\u00b1 11080",
            "extra": "median of 6; min 64880, max 83240; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "internal/demo.Decode/size=1KiB/client=nethttp",
            "unit": "ns/op",
            "value": 52000.0,
            "range": "\u00b1 3%",
            "extra": "median of 6; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "TLSHandshake/proto=h1/resume=on/client=nethttp",
            "unit": "ns/op",
            "value": 1290000.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "TLSHandshake/proto=h1/resume=on/client=fasthttp",
            "unit": "ns/op",
            "value": 1080000.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "TLSHandshake/proto=h3/resume=on/client=http3",
            "unit": "ns/op",
            "value": 1420000.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=502-1"
          }
        ]
      }
    ],
    "httpclientbench throughput (bigger is better)": [
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "4444444dddddd",
          "message": "Stores split by unit; run ids",
          "timestamp": "2026-12-02T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/4444444dddddd"
        },
        "date": 1764806460000,
        "tool": "customBiggerIsBetter",
        "benches": [
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "MB/s",
            "value": 1990.7,
            "range": "\u00b1 41.51",
            "extra": "median of 6; min 681.4, max 757.1; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "MB/s",
            "value": 6261.9,
            "range": "\u00b1 262.3",
            "extra": "median of 6; min 1988, max 2309; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "MB/s",
            "value": 6733.2,
            "range": "\u00b1 262.3",
            "extra": "median of 6; min 1988, max 2309; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "MB/s",
            "value": 1636.0,
            "range": "\u00b1 29.45",
            "extra": "median of 6; min 558.6, max 609.7; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "MB/s",
            "value": 1573.1,
            "range": "\u00b1 29.45",
            "extra": "median of 6; min 558.6, max 609.7; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "MB/s",
            "value": 1850.7,
            "range": "\u00b1 58.02",
            "extra": "median of 6; min 607.3, max 708.1; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "MB/s",
            "value": 6186.8,
            "range": "\u00b1 170.8",
            "extra": "median of 6; min 2053, max 2352; GOMAXPROCS=2; run=501-1"
          }
        ]
      },
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "4444444dddddd",
          "message": "Stores split by unit; run ids",
          "timestamp": "2026-12-02T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/4444444dddddd"
        },
        "date": 1764807060000,
        "tool": "customBiggerIsBetter",
        "benches": [
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "MB/s",
            "value": 1912.6,
            "range": "\u00b1 41.51",
            "extra": "median of 6; min 681.4, max 757.1; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "MB/s",
            "value": 6016.3,
            "range": "\u00b1 262.3",
            "extra": "median of 6; min 1988, max 2309; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "MB/s",
            "value": 6469.1,
            "range": "\u00b1 262.3",
            "extra": "median of 6; min 1988, max 2309; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "MB/s",
            "value": 1571.8,
            "range": "\u00b1 29.45",
            "extra": "median of 6; min 558.6, max 609.7; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "MB/s",
            "value": 1511.3,
            "range": "\u00b1 29.45",
            "extra": "median of 6; min 558.6, max 609.7; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "MB/s",
            "value": 1778.2,
            "range": "\u00b1 58.02",
            "extra": "median of 6; min 607.3, max 708.1; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "MB/s",
            "value": 5944.2,
            "range": "\u00b1 170.8",
            "extra": "median of 6; min 2053, max 2352; GOMAXPROCS=2; run=502-1"
          }
        ]
      }
    ],
    "httpclientbench B/op (smaller is better)": [
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "4444444dddddd",
          "message": "Stores split by unit; run ids",
          "timestamp": "2026-12-02T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/4444444dddddd"
        },
        "date": 1764806520000,
        "tool": "customSmallerIsBetter",
        "benches": [
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "B/op",
            "value": 16995.0,
            "range": "\u00b1 4.5",
            "extra": "median of 6; min 5145, max 5154; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "B/op",
            "value": 24086.7,
            "range": "\u00b1 5",
            "extra": "median of 6; min 7298, max 7304; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "B/op",
            "value": 24086.7,
            "range": "\u00b1 5",
            "extra": "median of 6; min 7298, max 7304; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "B/op",
            "value": 17080.8,
            "range": "\u00b1 13.5",
            "extra": "median of 6; min 5173, max 5189; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "B/op",
            "value": 471240.0,
            "range": "\u00b1 5",
            "extra": "median of 6; min 142800, max 142800; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "B/op",
            "value": 478170.0,
            "range": "\u00b1 32",
            "extra": "median of 6; min 144900, max 145000; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "B/op",
            "value": 478170.0,
            "range": "\u00b1 32",
            "extra": "median of 6; min 144900, max 145000; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "B/op",
            "value": 471240.0,
            "range": "\u00b1 7",
            "extra": "median of 6; min 142800, max 142800; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "B/op",
            "value": 31475.4,
            "range": "\u00b1 2",
            "extra": "median of 6; min 9537, max 9540; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "B/op",
            "value": 31485.3,
            "range": "\u00b1 2.5",
            "extra": "median of 6; min 9540, max 9543; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "B/op",
            "value": 38577.0,
            "range": "\u00b1 2.5",
            "extra": "median of 6; min 11690, max 11690; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "B/op",
            "value": 31554.6,
            "range": "\u00b1 1",
            "extra": "median of 6; min 9561, max 9563; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "internal/demo.Decode/size=1KiB/client=nethttp",
            "unit": "B/op",
            "value": 2048.0,
            "range": "\u00b1 0%",
            "extra": "median of 6; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "TLSHandshake/proto=h1/resume=on/client=nethttp",
            "unit": "B/op",
            "value": 152733.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "TLSHandshake/proto=h1/resume=on/client=fasthttp",
            "unit": "B/op",
            "value": 136698.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "TLSHandshake/proto=h3/resume=on/client=http3",
            "unit": "B/op",
            "value": 304108.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=501-1"
          }
        ]
      },
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "4444444dddddd",
          "message": "Stores split by unit; run ids",
          "timestamp": "2026-12-02T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/4444444dddddd"
        },
        "date": 1764807120000,
        "tool": "customSmallerIsBetter",
        "benches": [
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "B/op",
            "value": 16995.0,
            "range": "\u00b1 4.5",
            "extra": "median of 6; min 5145, max 5154; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "B/op",
            "value": 24086.7,
            "range": "\u00b1 5",
            "extra": "median of 6; min 7298, max 7304; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "B/op",
            "value": 24086.7,
            "range": "\u00b1 5",
            "extra": "median of 6; min 7298, max 7304; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "B/op",
            "value": 17080.8,
            "range": "\u00b1 13.5",
            "extra": "median of 6; min 5173, max 5189; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "B/op",
            "value": 471240.0,
            "range": "\u00b1 5",
            "extra": "median of 6; min 142800, max 142800; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "B/op",
            "value": 478170.0,
            "range": "\u00b1 32",
            "extra": "median of 6; min 144900, max 145000; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "B/op",
            "value": 478170.0,
            "range": "\u00b1 32",
            "extra": "median of 6; min 144900, max 145000; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "B/op",
            "value": 471240.0,
            "range": "\u00b1 7",
            "extra": "median of 6; min 142800, max 142800; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "B/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "B/op",
            "value": 31475.4,
            "range": "\u00b1 2",
            "extra": "median of 6; min 9537, max 9540; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "B/op",
            "value": 31485.3,
            "range": "\u00b1 2.5",
            "extra": "median of 6; min 9540, max 9543; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "B/op",
            "value": 38577.0,
            "range": "\u00b1 2.5",
            "extra": "median of 6; min 11690, max 11690; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "B/op",
            "value": 31554.6,
            "range": "\u00b1 1",
            "extra": "median of 6; min 9561, max 9563; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "internal/demo.Decode/size=1KiB/client=nethttp",
            "unit": "B/op",
            "value": 2048.0,
            "range": "\u00b1 0%",
            "extra": "median of 6; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "TLSHandshake/proto=h1/resume=on/client=nethttp",
            "unit": "B/op",
            "value": 152733.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "TLSHandshake/proto=h1/resume=on/client=fasthttp",
            "unit": "B/op",
            "value": 136698.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "TLSHandshake/proto=h3/resume=on/client=http3",
            "unit": "B/op",
            "value": 304108.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=502-1"
          }
        ]
      }
    ],
    "httpclientbench allocs/op (smaller is better)": [
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "4444444dddddd",
          "message": "Stores split by unit; run ids",
          "timestamp": "2026-12-02T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/4444444dddddd"
        },
        "date": 1764806580000,
        "tool": "customSmallerIsBetter",
        "benches": [
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "allocs/op",
            "value": 194.7,
            "range": "\u00b1 0",
            "extra": "median of 6; min 59, max 59; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "allocs/op",
            "value": 247.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "allocs/op",
            "value": 247.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "allocs/op",
            "value": 198.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 60, max 60; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "allocs/op",
            "value": 244.2,
            "range": "\u00b1 0",
            "extra": "median of 6; min 74, max 74; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "allocs/op",
            "value": 297.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 90, max 90; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "allocs/op",
            "value": 297.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 90, max 90; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "allocs/op",
            "value": 247.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "allocs/op",
            "value": 306.9,
            "range": "\u00b1 0",
            "extra": "median of 6; min 93, max 93; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "allocs/op",
            "value": 310.2,
            "range": "\u00b1 0",
            "extra": "median of 6; min 94, max 94; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "allocs/op",
            "value": 359.7,
            "range": "\u00b1 0",
            "extra": "median of 6; min 109, max 109; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "allocs/op",
            "value": 310.2,
            "range": "\u00b1 0",
            "extra": "median of 6; min 94, max 94; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "internal/demo.Decode/size=1KiB/client=nethttp",
            "unit": "allocs/op",
            "value": 12.0,
            "range": "\u00b1 0%",
            "extra": "median of 6; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "TLSHandshake/proto=h1/resume=on/client=nethttp",
            "unit": "allocs/op",
            "value": 1060.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "TLSHandshake/proto=h1/resume=on/client=fasthttp",
            "unit": "allocs/op",
            "value": 974.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=501-1"
          },
          {
            "name": "TLSHandshake/proto=h3/resume=on/client=http3",
            "unit": "allocs/op",
            "value": 2614.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=501-1"
          }
        ]
      },
      {
        "commit": {
          "author": {
            "name": "dev",
            "username": "dev"
          },
          "id": "4444444dddddd",
          "message": "Stores split by unit; run ids",
          "timestamp": "2026-12-02T00:00:00Z",
          "url": "https://github.com/httpclientbench/httpclientbench/commit/4444444dddddd"
        },
        "date": 1764807180000,
        "tool": "customSmallerIsBetter",
        "benches": [
          {
            "name": "H1GetBytes/client=nethttp",
            "unit": "allocs/op",
            "value": 194.7,
            "range": "\u00b1 0",
            "extra": "median of 6; min 59, max 59; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=fasthttp",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=hertz",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=resty",
            "unit": "allocs/op",
            "value": 247.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=resty3",
            "unit": "allocs/op",
            "value": 247.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=retryablehttp",
            "unit": "allocs/op",
            "value": 198.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 60, max 60; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1GetBytes/client=raw",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=nethttp",
            "unit": "allocs/op",
            "value": 244.2,
            "range": "\u00b1 0",
            "extra": "median of 6; min 74, max 74; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=fasthttp",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=hertz",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty",
            "unit": "allocs/op",
            "value": 297.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 90, max 90; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=resty3",
            "unit": "allocs/op",
            "value": 297.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 90, max 90; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=retryablehttp",
            "unit": "allocs/op",
            "value": 247.5,
            "range": "\u00b1 0",
            "extra": "median of 6; min 75, max 75; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H1Download/size=64KiB/client=raw",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "LoopbackRoundTrip",
            "unit": "allocs/op",
            "value": 0.0,
            "range": "\u00b1 0",
            "extra": "median of 6; min 0, max 0; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H2Get/client=nethttp",
            "unit": "allocs/op",
            "value": 306.9,
            "range": "\u00b1 0",
            "extra": "median of 6; min 93, max 93; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H2Get/client=xnethttp2",
            "unit": "allocs/op",
            "value": 310.2,
            "range": "\u00b1 0",
            "extra": "median of 6; min 94, max 94; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H2Get/client=resty",
            "unit": "allocs/op",
            "value": 359.7,
            "range": "\u00b1 0",
            "extra": "median of 6; min 109, max 109; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "H2Get/client=retryablehttp",
            "unit": "allocs/op",
            "value": 310.2,
            "range": "\u00b1 0",
            "extra": "median of 6; min 94, max 94; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "internal/demo.Decode/size=1KiB/client=nethttp",
            "unit": "allocs/op",
            "value": 12.0,
            "range": "\u00b1 0%",
            "extra": "median of 6; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "TLSHandshake/proto=h1/resume=on/client=nethttp",
            "unit": "allocs/op",
            "value": 1060.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "TLSHandshake/proto=h1/resume=on/client=fasthttp",
            "unit": "allocs/op",
            "value": 974.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=502-1"
          },
          {
            "name": "TLSHandshake/proto=h3/resume=on/client=http3",
            "unit": "allocs/op",
            "value": 2614.0,
            "range": "\u00b1 5%",
            "extra": "median of 6; GOMAXPROCS=2; run=502-1"
          }
        ]
      }
    ]
  }
}
