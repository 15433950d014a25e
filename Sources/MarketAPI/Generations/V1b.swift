extension Generation {
    /// camp-open-market-2.herokuapp.com, May – Oct 2021: DELETE takes `{"password"}` and answers the deleted item.
    public static let v1b = Generation(name: "v1b", dialect: .vapor(.password), imageKeys: VaporImageKeyLayout())
}
