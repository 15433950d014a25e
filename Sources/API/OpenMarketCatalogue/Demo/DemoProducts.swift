/// What the demo shop sells: one line per product, the seller by index into `DemoVendors.all` (0 and 2 sell in
/// KRW with Korean copy, 1 in USD with English copy).
enum DemoProducts {
    struct Entry {
        var kind: ProductKind
        var vendor: Int
        var name: String
        var price: Double
    }

    static let entries: [Entry] = [
        Entry(kind: .mug, vendor: 0, name: "모닝 머그컵 350ml", price: 12_000),
        Entry(kind: .tShirt, vendor: 0, name: "오버핏 코튼 반팔 티셔츠", price: 29_000),
        Entry(kind: .phone, vendor: 1, name: "Pocket Phone 13 mini", price: 699),
        Entry(kind: .plant, vendor: 2, name: "몬스테라 화분 (소)", price: 18_500),
        Entry(kind: .books, vendor: 1, name: "Swift Programming Book Set", price: 89.99),
        Entry(kind: .sneaker, vendor: 0, name: "데일리 러닝화", price: 79_000),
        Entry(kind: .lamp, vendor: 2, name: "원목 무드등", price: 34_900),
        Entry(kind: .headphones, vendor: 1, name: "Studio Wireless Headphones", price: 149),
        Entry(kind: .backpack, vendor: 0, name: "캠퍼스 백팩 20L", price: 45_000),
        Entry(kind: .watch, vendor: 1, name: "Classic Field Watch", price: 129.5),
        Entry(kind: .bottle, vendor: 2, name: "제주 삼다 텀블러 500ml", price: 15_900),
        Entry(kind: .mug, vendor: 1, name: "Enamel Camp Mug", price: 18),
        Entry(kind: .tShirt, vendor: 1, name: "Brooklyn Logo Tee", price: 32),
        Entry(kind: .phone, vendor: 0, name: "공기계 스마트폰 (리퍼)", price: 259_000),
        Entry(kind: .plant, vendor: 1, name: "Snake Plant in Ceramic Pot", price: 38),
        Entry(kind: .books, vendor: 0, name: "iOS 개발 입문서 3권 세트", price: 72_000),
        Entry(kind: .sneaker, vendor: 1, name: "Court Classic Sneakers", price: 95),
        Entry(kind: .lamp, vendor: 0, name: "Desk Lamp 플렉스", price: 42_000),
        Entry(kind: .headphones, vendor: 2, name: "노이즈캔슬링 헤드폰", price: 189_000),
        Entry(kind: .backpack, vendor: 1, name: "Roll-top Commuter Backpack", price: 110),
        Entry(kind: .watch, vendor: 0, name: "미니멀 가죽 손목시계", price: 99_000),
        Entry(kind: .bottle, vendor: 1, name: "Insulated Water Bottle 750ml", price: 27.95),
        Entry(kind: .mug, vendor: 2, name: "한라봉 머그컵", price: 14_000),
        Entry(kind: .tShirt, vendor: 2, name: "제주 바다 그래픽 티", price: 25_000),
        Entry(kind: .phone, vendor: 1, name: "Phone Pro Max 256GB", price: 1099),
        Entry(kind: .plant, vendor: 0, name: "스투키 미니 화분", price: 9_900),
        Entry(kind: .books, vendor: 2, name: "제주 여행 가이드북", price: 16_800),
        Entry(kind: .sneaker, vendor: 2, name: "오름 트레킹화", price: 119_000),
        Entry(kind: .lamp, vendor: 1, name: "Mid-century Table Lamp", price: 75),
        Entry(kind: .headphones, vendor: 0, name: "Kids 헤드폰 (볼륨 제한)", price: 39_000),
        Entry(kind: .backpack, vendor: 2, name: "감귤 피크닉 가방", price: 32_000),
        Entry(kind: .watch, vendor: 1, name: "Diver Watch 200m", price: 249),
        Entry(kind: .bottle, vendor: 0, name: "Daily 보틀 600ml", price: 11_000),
        Entry(kind: .mug, vendor: 0, name: "커플 머그 2개 세트", price: 22_000),
        Entry(kind: .tShirt, vendor: 1, name: "Heavyweight Pocket Tee", price: 38),
        Entry(kind: .plant, vendor: 2, name: "올리브나무 (중)", price: 45_000),
        Entry(kind: .books, vendor: 1, name: "Design Patterns Notebook Trio", price: 24.5),
        Entry(kind: .sneaker, vendor: 0, name: "캔버스 슬립온", price: 39_000),
        Entry(kind: .lamp, vendor: 2, name: "현무암 스탠드 조명", price: 68_000),
        Entry(kind: .headphones, vendor: 1, name: "Retro Over-ear Headphones", price: 79),
        Entry(kind: .backpack, vendor: 0, name: "노트북 백팩 15인치", price: 59_000),
        Entry(kind: .watch, vendor: 2, name: "스마트 밴드 워치", price: 49_000),
        Entry(kind: .bottle, vendor: 1, name: "Glass Cold Brew Bottle", price: 21),
        Entry(kind: .mug, vendor: 1, name: "Stoneware Latte Mug", price: 16.5),
        Entry(kind: .phone, vendor: 2, name: "효도폰 (큰 글씨)", price: 129_000),
        Entry(kind: .plant, vendor: 1, name: "Fiddle Leaf Fig, Large", price: 120),
        Entry(kind: .books, vendor: 0, name: "알고리즘 문제집 세트", price: 54_000),
        Entry(kind: .sneaker, vendor: 1, name: "Trail Runner GTX", price: 165),
        Entry(kind: .tShirt, vendor: 0, name: "스트라이프 롱슬리브", price: 34_000),
        Entry(kind: .lamp, vendor: 1, name: "Clip-on Reading Light", price: 19.99),
        Entry(kind: .bottle, vendor: 2, name: "감귤 주스 보틀 1L", price: 8_900),
        Entry(kind: .watch, vendor: 0, name: "Chrono Steel 42mm", price: 215_000),
        Entry(kind: .backpack, vendor: 1, name: "Kids Mini Backpack", price: 35),
        Entry(kind: .headphones, vendor: 2, name: "제주 사운드 무선 헤드셋", price: 89_000),
    ]
}
